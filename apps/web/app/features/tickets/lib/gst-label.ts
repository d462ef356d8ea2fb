import { formatGstRate, type TicketType } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A ticket type's GST note beside its price ("+ 18 % GST", "incl. 18 % GST", "GST exempt"): the
 * server's `gst.label` (gstPriceLabel) in the page's language. Apart from the tickets dialog so
 * that the manage page's ticket choice says it too without loading the dialog.
 */
export function gstLabel(gst: TicketType['gst'], i18n: I18n): string {
  if (gst.rateBp === 0) return i18n._(msg`GST exempt`);
  const rate = formatGstRate(gst.rateBp);
  return gst.pricesIncludeGst ? i18n._(msg`incl. ${rate} GST`) : i18n._(msg`+ ${rate} GST`);
}

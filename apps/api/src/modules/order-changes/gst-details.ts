/**
 * The buyer's GST details of an order changed before its tax invoice is issued (issue 28 §2):
 * GSTIN, legal name, billing address and state, or none (a consumer's order). The place of
 * supply follows (a ticket type supplied where its recipient is registered takes the GSTIN's
 * state) and with it the split between CGST + SGST and IGST; the total the buyer pays does not
 * change, so a change whose rounding would move it is refused. Once the invoice is issued it is
 * final (CGST Rules 2017 rule 46): a correction is then a credit note and a new invoice.
 */
import { formatRupees, type GstInvoiceRequest } from '@festival/shared';
import { NotFoundError, OrderStateError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit/service.js';
import { orderGst } from '../invoices/service.js';
import { lockOrder, ORDER_STATUS, statusWords } from '../orders/service.js';
import { getSettings } from '../settings/service.js';
import { retaxForBuyer } from '../tax/service.js';
import type { OrderChangeContext } from './service.js';

/** Orders whose GST details may still change: awaiting payment, or paid with no invoice yet. */
const OPEN: readonly string[] = [ORDER_STATUS.pending, ORDER_STATUS.paid];

/**
 * Sets the buyer's GST details of order `reference` (null: none) and recomputes its tax; audited.
 * @throws NotFoundError unknown order (404)
 * @throws OrderStateError the order is closed, its invoice is issued, it has no stored tax, or
 *   the new split would change its total (409)
 */
export async function changeBuyerGstDetails(
  ctx: OrderChangeContext,
  reference: string,
  buyer: GstInvoiceRequest | null,
  actor: Actor,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, reference);
    if (!order) throw new NotFoundError('Order not found');
    if (!OPEN.includes(order.status)) {
      throw new OrderStateError(`The GST details of a ${statusWords(order.status)} order cannot change`);
    }
    const invoice = (await orderGst(tx, order.id)).documents.find((document) => document.kind === 'invoice');
    if (invoice) {
      throw new OrderStateError(
        `Tax invoice ${invoice.number} is issued and final: correct it with a credit note and a new invoice`,
      );
    }
    const result = await retaxForBuyer(tx, order.id, await getSettings(tx, order.eventId), buyer);
    if (!result)
      throw new OrderStateError('This order was placed before GST was recorded: it has no tax to change');
    if (!result.written) {
      throw new OrderStateError(
        `With these details the tax would round to ${formatRupees(result.after.total)} instead of the ${formatRupees(result.before.total)} the buyer pays; nothing was changed`,
      );
    }
    await recordAudit(tx, actor, {
      at: now,
      action: 'order.gst_details',
      entityType: 'order',
      entityId: order.reference,
      before: {
        gstin: result.before.buyerGstin,
        legalName: result.before.buyerCompanyName,
        stateCode: result.before.buyerStateCode,
        placeOfSupply: result.before.placeOfSupplyCode,
      },
      after: {
        reason: buyer ? `GSTIN ${buyer.gstin}, ${buyer.companyName}` : 'no GST details',
        gstin: buyer?.gstin ?? null,
        legalName: buyer?.companyName ?? null,
        stateCode: buyer?.stateCode ?? null,
        placeOfSupply: result.after.placeOfSupplyCode,
      },
    });
  });
}

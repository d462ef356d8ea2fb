/**
 * What /register shows instead of the forms while the edition's sales are not open:
 * when registration opens (or that it has closed, or that the festival is over), and the
 * "Tell me when registration opens" form. The state is the server's (`GET auth/event/current`).
 */
import type { EventSales } from '@festival/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { INTL_LOCALE, isLocale, SOURCE_LOCALE } from '~/lib/i18n/locales';
import { formatOpeningMoment } from '../lib/opening';
import { RegistrationAlertForm } from './registration-alert-form';

/**
 * The heading and sentence of a sales state, for a page that cannot sell in it, in `i18n`'s
 * language; the sentences begin with the server's words for the state (SALES_UPCOMING_MESSAGE,
 * SALES_CLOSED_MESSAGE, EDITION_CLOSED_MESSAGE).
 */
export function salesWording(
  sales: EventSales,
  eventName: string,
  i18n: I18n,
): { heading: string; text: string } {
  const intlLocale = INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE];
  switch (sales.state) {
    case 'upcoming': {
      if (!sales.opensAt) {
        return {
          heading: i18n._(msg`Registration opens soon`),
          text: i18n._(
            msg`Registration for this edition has not opened yet. Leave your email and we will tell you when it opens.`,
          ),
        };
      }
      const opening = formatOpeningMoment(sales.opensAt, intlLocale);
      return {
        heading: i18n._(msg`Registration opens on ${opening} India time`),
        text: i18n._(
          msg`Registration for ${eventName} has not opened yet. Leave your email and we will tell you when it does.`,
        ),
      };
    }
    case 'closed':
      return {
        heading: i18n._(msg`Registration has closed`),
        text: i18n._(
          msg`Registration for this edition has closed: passes are no longer on sale. Leave your email to hear when registration for the next edition opens.`,
        ),
      };
    case 'open':
      return {
        heading: i18n._(msg`Registration is open`),
        text: i18n._(msg`Registration for ${eventName} is open.`),
      };
    case 'ended':
      return {
        heading: i18n._(msg`${eventName} has ended`),
        text: i18n._(
          msg`Registrations for this edition are closed. Thank you to everyone who took part. Leave your email to hear when registration for the next edition opens.`,
        ),
      };
  }
}

export function SalesNotice({ sales, eventName }: { sales: EventSales; eventName: string }) {
  const { i18n } = useLingui();
  const { heading, text } = salesWording(sales, eventName, i18n);
  return (
    <section aria-labelledby="sales-notice-heading" className="rounded-2xl bg-white p-5 shadow-xl sm:p-8">
      <div role="status">
        <h2 id="sales-notice-heading" className="text-xl font-bold text-brand-900 sm:text-2xl">
          {heading}
        </h2>
        <p className="mt-2 text-slate-700">{text}</p>
      </div>
      <RegistrationAlertForm className="mt-6 border-t border-slate-200 pt-6" />
    </section>
  );
}

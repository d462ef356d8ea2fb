/**
 * 'Grab Your Tickets' and 'Exhibit Your Startup' of the spec's /startup page,
 * each card with Register Now to /register. Prices come from the server's ticket types
 * (`priceOf`, composed by the route), never from the content files. Struck prices are
 * announced as "was …". In the page's language: a pass's name and a package's contents as the
 * organizers translated its ticket type, else in English (decision 034); package names as the content has them.
 */
import { formatRupees, shownText, type Locale, type TicketType } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ShownText, useShownText } from '~/components/shown-text';
import { buttonClassName } from '~/components/ui/button';
import type { PassOffer, StallPackage, TicketRef } from '~/content/stall-packages';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-page-locale';
import { gstLabel, listPriceNote, packagePassesNote } from '~/lib/ticket-price-notes';
import { useContentText } from '../lib/content-text';

/** A ticket type's price: undefined while loading, null when it cannot be shown. */
export type ShownPrice =
  | Pick<
      TicketType,
      | 'amount'
      | 'listPrice'
      | 'listPriceReason'
      | 'salesEnd'
      | 'gst'
      | 'remarks'
      | 'translations'
      | 'soldPer'
      | 'passesIncluded'
    >
  | null
  | undefined;
export type PriceOf = (participantCategoryId: number, name: string) => ShownPrice;

const priceFor = (priceOf: PriceOf, ticket: TicketRef) => priceOf(ticket.participantCategoryId, ticket.name);

/** The current price and whether GST is in it, or a placeholder while it loads or when it is unavailable. */
export function TicketAmount({ price, className }: { price: ShownPrice; className: string }) {
  const { i18n } = useLingui();
  if (price === undefined) {
    return (
      <span className={className} aria-busy="true">
        <span aria-hidden="true">₹ …</span>
        <span className="sr-only">
          <Trans>Loading the price</Trans>
        </span>
      </span>
    );
  }
  if (price === null)
    return (
      <span className="text-base">
        <Trans>Price on the Register page</Trans>
      </span>
    );
  return (
    <>
      <span className={className}>
        {hasWasPrice(price) ? (
          <span className="sr-only">
            <Trans>now</Trans>{' '}
          </span>
        ) : null}
        {formatRupees(price.amount)}
      </span>{' '}
      <span className="align-middle text-xs font-medium opacity-80">{gstLabel(price.gst, i18n)}</span>
    </>
  );
}

const hasWasPrice = (price: ShownPrice): price is NonNullable<ShownPrice> & { listPrice: number } =>
  !!price && price.listPrice !== null && price.listPrice > price.amount;

/** The struck former price, when the ticket type has one above its price. */
export function WasPrice({ price, className }: { price: ShownPrice; className: string }) {
  if (!hasWasPrice(price)) return null;
  return (
    <del className={className}>
      <span className="sr-only">
        <Trans>Was</Trans>{' '}
      </span>
      {formatRupees(price.listPrice)}
    </del>
  );
}

/** Why the price is below the struck one ("Early bird until 30 Sept 2024"), when one is struck. */
export function PriceNote({ price, className }: { price: ShownPrice; className: string }) {
  const { i18n } = useLingui();
  const note = price ? listPriceNote(price, i18n) : null;
  return note ? <p className={className}>{note}</p> : null;
}

export function PassPriceCards({ passes, priceOf }: { passes: readonly PassOffer[]; priceOf: PriceOf }) {
  const { t } = useLingui();
  const ticketText = useShownText();
  const text = useContentText();
  const register = localizedPath('/register', usePageLocale());
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {passes.map((pass) => {
        const price = priceFor(priceOf, pass.ticket);
        return (
          <li
            key={pass.name}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
          >
            <h3 className="text-lg font-bold text-brand-900">
              <ShownText translations={price?.translations} field="name" english={pass.name} />
            </h3>
            <p className="mt-3 flex items-baseline gap-3">
              <WasPrice price={price} className="text-slate-500" />
              <TicketAmount price={price} className="text-3xl font-extrabold text-brand-800" />
            </p>
            <PriceNote price={price} className="mt-1 text-sm font-semibold text-accent-700" />
            <p className="mt-3 flex-1 text-sm text-slate-600">{text(pass.summary)}</p>
            <Link
              to={register}
              aria-label={t`Register Now for the ${ticketText(price?.translations, 'name', pass.name)}`}
              className={buttonClassName('primary', 'mt-5 self-start')}
            >
              <Trans>Register Now</Trans>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What a package includes, from its ticket type's remarks ("3x3 m stall, 4 chairs, …") in the
 * page's language (`shownText`); none while loading.
 */
const includes = (price: ShownPrice, locale: Locale) => {
  if (!price) return { items: [], lang: undefined };
  const remarks = shownText(price.translations, locale, 'remarks', price.remarks);
  return {
    items: remarks.text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    lang: remarks.lang,
  };
};

export function StallPackageCards({
  packages,
  priceOf,
}: {
  packages: readonly StallPackage[];
  priceOf: PriceOf;
}) {
  const { i18n, t } = useLingui();
  const locale = usePageLocale();
  const register = localizedPath('/register', locale);
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {packages.map((stall) => {
        const price = priceFor(priceOf, stall.ticket);
        const passes = price?.soldPer === 'company' ? packagePassesNote(price, i18n) : null;
        const contents = includes(price, locale);
        return (
          <li
            key={stall.name}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
          >
            <h3 className="text-lg font-bold text-brand-900">{stall.name}</h3>
            <p className="mt-2">
              <TicketAmount price={price} className="text-3xl font-extrabold text-brand-800" />
            </p>
            <PriceNote price={price} className="mt-1 text-sm font-semibold text-accent-700" />
            <ul lang={contents.lang} className="mt-4 flex flex-col gap-1.5 text-sm text-slate-700">
              {contents.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden="true" className="text-accent-600">
                    ✓
                  </span>
                  {item}
                </li>
              ))}
            </ul>
            <p className="mt-3 flex-1 text-xs text-slate-600">{passes}</p>
            <Link
              to={register}
              aria-label={t`Register Now for the ${stall.name} stall`}
              className={buttonClassName('primary', 'mt-5 self-start')}
            >
              <Trans>Register Now</Trans>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

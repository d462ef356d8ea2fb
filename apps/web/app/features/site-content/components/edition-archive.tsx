/**
 * Under a content page's list: when the current edition has no entries yet, an honest "…will be
 * announced", and links to earlier editions' entries ("2024 sponsors"), labelled from each
 * edition's data (its year), never from a route's name. Its words are in the page's language
 * (the highlights catalog); the archive pages it links to are English only.
 */
import { useLingui } from '@lingui/react/macro';
import type { ContentCollection } from '@festival/shared';
import { Link } from 'react-router';
import { useContentEditions } from '../api/get-content-editions';
import { COLLECTION_NAMES } from '~/lib/collection-names';

/** The archive page of one edition's entries of a collection. */
export const archivePath = (collection: ContentCollection, edition: string) =>
  `/archive/${collection}/${encodeURIComponent(edition)}`;

export function EditionArchive({ collection, isEmpty }: { collection: ContentCollection; isEmpty: boolean }) {
  const editions = useContentEditions(collection);
  const { t, i18n } = useLingui();
  const label = i18n._(COLLECTION_NAMES[collection]);
  if (!editions.data) return null;
  const { current, archive } = editions.data;
  if (!isEmpty && archive.length === 0) return null;
  const editionName = current.name;
  return (
    <section
      aria-label={t`${label} of other editions`}
      className="mx-auto w-full max-w-6xl px-4 py-10"
      data-testid="edition-archive"
    >
      {isEmpty ? (
        <p className="text-xl font-semibold text-brand-900">{t`${label} for ${editionName} will be announced.`}</p>
      ) : null}
      {archive.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {archive.map((edition) => (
            <li key={edition.slug}>
              <Link
                to={archivePath(collection, edition.slug)}
                className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {edition.year} {label.toLowerCase()}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

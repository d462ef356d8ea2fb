/**
 * One edition's entries of a collection as its archive shows them: image, name, caption and
 * group (speaker group, sponsor tier, event-flow day), linked where the entry has a link.
 */
import type { PublicContentItem } from '@festival/shared';
import { SampleBadge } from './sample-note';

export function ArchiveItems({ items }: { items: readonly PublicContentItem[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" data-testid="archive-items">
      {items.map((item) => {
        const image = item.image ? (
          <img
            src={item.image.src}
            alt={item.image.alt}
            width={item.image.width}
            height={item.image.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-lg"
          />
        ) : null;
        return (
          <li key={item.id} className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            {item.linkUrl ? (
              <a href={item.linkUrl} target="_blank" rel="noopener noreferrer">
                {image}
              </a>
            ) : (
              image
            )}
            <h3 className="font-semibold text-brand-900">{item.name}</h3>
            {item.caption ? <p className="text-sm text-slate-700">{item.caption}</p> : null}
            {item.group ? (
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{item.group}</p>
            ) : null}
            {item.sample ? (
              <p>
                <SampleBadge />
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

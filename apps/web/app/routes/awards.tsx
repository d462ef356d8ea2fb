import { seasonOne } from '~/content/season-one';
import type { PageMetaHandle } from '~/lib/seo';

export const handle: PageMetaHandle = {
  meta: {
    title: 'Startup Fest Award Night 2023',
    description:
      'The award night of Startup Fest Gujarat 2023, celebrating the startups, pitchers and innovators of the first edition.',
    path: '/awards',
  },
};

/** Spec §2 /awards: the title and one large image. */
export default function Awards() {
  const image = seasonOne.awardNightImage;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        Startup Fest Award Night 2023
      </h1>
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        fetchPriority="high"
        className="mt-8 h-auto w-full rounded-2xl shadow-lg"
      />
    </div>
  );
}

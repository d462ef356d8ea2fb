/** Pages announced in the menu whose content is not ready yet (the spec: 'Content Coming Soon...'). */
import { Link } from 'react-router';
import { buttonClassName } from '~/components/ui/button';
import { BRAND_NAME, useCurrentEdition } from '~/lib/current-edition';
import { PageBanner } from './page-banner';

export function ComingSoon({ title }: { title: string }) {
  const edition = useCurrentEdition();
  return (
    <>
      <PageBanner title={title} eyebrow={edition?.name ?? BRAND_NAME} />
      <section className="mx-auto w-full max-w-6xl px-4 py-16 text-center">
        <p className="text-2xl font-semibold text-brand-900">Content Coming Soon...</p>
        <Link to="/register" className={buttonClassName('primary', 'mt-8 px-7')}>
          Register Now
        </Link>
      </section>
    </>
  );
}

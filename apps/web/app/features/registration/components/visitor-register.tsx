import { buttonClassName } from '~/components/ui/button';

/**
 * The Visitor tab (spec §2 Register): visitors register on an external event-listing page,
 * opened in a new tab. The address comes from the server's site configuration.
 */
export function VisitorRegister({ url }: { url: string | undefined }) {
  return (
    <div className="text-center">
      <h2 className="text-xl font-bold text-brand-900">Visit Startup Fest Gujarat 2024</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        Visitor passes are sold on our event-listing partner&apos;s page. It opens in a new tab.
      </p>
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('primary', 'mt-6 px-8')}
        >
          Register
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="mt-6 text-sm text-slate-500" role="status">
          Loading…
        </p>
      )}
    </div>
  );
}

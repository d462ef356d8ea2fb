/** Minimal footer line: event time, date and venue (spec §2 Footer; full footer is a later issue). */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <p className="mx-auto w-full max-w-6xl px-4 py-5 text-center text-sm text-slate-600">
        20–21 October 2024, 10:00 AM – 07:00 PM · Science City, Ahmedabad · © 2024 Startup Fest Gujarat
      </p>
    </footer>
  );
}

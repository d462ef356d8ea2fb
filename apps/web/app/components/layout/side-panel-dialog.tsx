/**
 * The side panel of the menu below the lg breakpoint, on Radix Dialog (focus
 * trapped and returned to the toggle, Escape and the close button dismiss it), listing the three
 * menu groups, Contact, the date and the venue. Following a link closes it. Loaded when the
 * visitor reaches for the toggle (side-panel.tsx), so pages do not carry the dialog code.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { useEditionFacts } from '~/lib/current-edition';
import { localizedPath } from '~/lib/i18n/localized-routes';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { buttonClassName } from '../ui/button';
import { useContactLink, useNavGroups } from './nav-links';
import { CloseIcon } from '../ui/icons';

export interface SidePanelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The toggle, which gets focus back when the panel closes. */
  toggle: RefObject<HTMLButtonElement | null>;
  contentId: string;
}

export default function SidePanelDialog({ open, onOpenChange, toggle, contentId }: SidePanelDialogProps) {
  const close = () => onOpenChange(false);
  const edition = useEditionFacts();
  const groups = useNavGroups();
  const contact = useContactLink();
  const locale = usePageLocale();
  const home = localizedPath('/', locale);
  const { t } = useLingui();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-brand-950/70" />
        <Dialog.Content
          id={contentId}
          aria-describedby={undefined}
          // The toggle is not a Dialog.Trigger (it exists before this code loads), so focus is
          // returned to it here rather than by Radix.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            toggle.current?.focus();
          }}
          className="animate-slide-in-right fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-white text-slate-800 shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-bold text-brand-900">
              <Trans>Menu</Trans>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t`Close menu`}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={t`Main`} className="flex-1 px-4 py-3">
            {groups.map((group) => (
              <section key={group.label} className="mb-4">
                <h2 className="px-2 text-xs font-bold tracking-wider text-slate-600 uppercase">
                  {group.label}
                </h2>
                <ul className="mt-1">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        onClick={close}
                        className="flex min-h-11 items-center rounded-lg px-2 text-sm font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
                      >
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <NavLink
              to={contact.to}
              onClick={close}
              className="flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold hover:bg-brand-50"
            >
              {contact.label}
            </NavLink>
          </nav>
          <div className="border-t border-slate-200 px-6 py-4 text-sm">
            {edition ? (
              <>
                <Link to={home} onClick={close} className="block font-semibold text-brand-800">
                  {edition.days}
                </Link>
                <a
                  href={edition.venueMapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 block text-slate-700 underline"
                >
                  {edition.venue}
                  <span className="sr-only">
                    {' '}
                    <Trans>(map, opens in a new tab)</Trans>
                  </span>
                </a>
              </>
            ) : null}
            <Link
              to={localizedPath('/register', locale)}
              onClick={close}
              className={buttonClassName('primary', 'mt-4 w-full')}
            >
              <Trans>Register Now</Trans>
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

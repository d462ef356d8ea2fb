/**
 * The app's button: three looks, and a pending state that disables it and says what is happening.
 * A submit button is disabled until its part of the page has hydrated.
 */
import { clsx } from 'clsx';
import { useSyncExternalStore, type ComponentProps } from 'react';
import { Spinner } from './spinner';

const noSubscription = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from then on (and on any
 * render in the browser that is not a hydration).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const variants = {
  primary: 'bg-accent-500 text-brand-950 hover:bg-accent-400 disabled:bg-accent-500/60',
  secondary: 'bg-brand-700 text-white hover:bg-brand-600 disabled:bg-brand-700/60',
  outline: 'border border-brand-200 bg-white text-brand-800 hover:bg-brand-50 disabled:text-brand-800/50',
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** Shows a spinner and `pendingLabel`, and disables the button, while an action runs. */
  pending?: boolean;
  pendingLabel?: string;
}

/** Class names of a button, for links that should look like one. */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string) {
  return clsx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed',
    variants[variant],
    className,
  );
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  // Before its form's code has hydrated, a submit would be the browser's own: a GET that reloads
  // the page and writes what was typed (names, emails, phones) into the address and server logs.
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || pending || (type === 'submit' && !hydrated)}
      aria-busy={pending || undefined}
      className={buttonClassName(variant, className)}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** The app's button: three looks, and a pending state that disables it and says what is happening. */
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

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
  return (
    <button
      type={type}
      disabled={disabled || pending}
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

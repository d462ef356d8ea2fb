/**
 * Tabs on Radix Tabs: arrow keys move between tabs, Home/End jump, and each panel is
 * labelled by its tab. Styled as a segmented control that wraps on narrow screens.
 */
import { clsx } from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={clsx(
        'grid grid-cols-2 gap-1 rounded-xl bg-white/10 p-1 backdrop-blur sm:grid-cols-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={clsx(
        'min-h-11 rounded-lg px-3 py-2 text-sm font-semibold text-white/85 transition-colors hover:bg-white/10 hover:text-white',
        'data-[state=active]:bg-accent-500 data-[state=active]:text-brand-950',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('mt-4', className)} {...props} />;
}

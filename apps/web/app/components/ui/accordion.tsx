/**
 * An accordion on Radix Accordion: each header is a button (Enter/Space toggle it, arrow keys
 * and Home/End move between headers), and each panel is labelled by its header.
 */
import { clsx } from 'clsx';
import { Accordion as RadixAccordion } from 'radix-ui';
import type { ComponentProps } from 'react';
import { ChevronDownIcon } from './icons';

export const Accordion = RadixAccordion.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof RadixAccordion.Item>) {
  return (
    <RadixAccordion.Item
      className={clsx('rounded-xl border border-slate-200 bg-white shadow-xs', className)}
      {...props}
    />
  );
}

/** Heading level of each item's header, so the outline has no gaps under the page's headings. */
type HeadingLevel = 2 | 3 | 4;

export function AccordionTrigger({
  className,
  children,
  headingLevel = 2,
  ...props
}: ComponentProps<typeof RadixAccordion.Trigger> & { headingLevel?: HeadingLevel }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Header asChild>
      <Heading className="m-0 text-base">
        <RadixAccordion.Trigger
          className={clsx(
            'group flex min-h-11 w-full items-center justify-between gap-4 rounded-xl px-4 py-3 text-left font-semibold text-brand-900 hover:bg-brand-50/60 sm:px-5',
            className,
          )}
          {...props}
        >
          {children}
          <ChevronDownIcon className="size-5 shrink-0 text-brand-700 transition-transform group-data-[state=open]:rotate-180" />
        </RadixAccordion.Trigger>
      </Heading>
    </RadixAccordion.Header>
  );
}

export function AccordionContent({ className, ...props }: ComponentProps<typeof RadixAccordion.Content>) {
  return (
    <RadixAccordion.Content className={clsx('px-4 pb-4 text-slate-700 sm:px-5', className)} {...props} />
  );
}

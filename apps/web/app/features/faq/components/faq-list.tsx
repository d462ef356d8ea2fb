/**
 * The FAQ accordion of /faq: the server's items with the first one open. Loading shows a
 * skeleton; a failed load says so and offers a retry (the spec only logged it, leaving a blank page).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import { QueryContent } from '~/components/ui/load-state';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import { useFaq } from '../api/get-faq';

/** The questions and answers are the organizers' (shown as entered); the states are in the page's language. */
export function FaqList() {
  const { t } = useLingui();
  return (
    <QueryContent
      query={useFaq()}
      loadingLabel={t`Loading the questions…`}
      errorMessage={t`We could not load the questions right now. Please try again later.`}
      retryLabels={useRetryLabels()}
    >
      {(items) =>
        items[0] ? (
          <Accordion type="single" collapsible defaultValue={String(items[0]._id)} className="grid gap-3">
            {items.map((item) => (
              <AccordionItem key={item._id} value={String(item._id)}>
                <AccordionTrigger>{item.que}</AccordionTrigger>
                <AccordionContent>
                  <p className="whitespace-pre-line">{item.ans}</p>
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        ) : (
          <p className="text-center text-slate-600">
            <Trans>No questions yet.</Trans>
          </p>
        )
      }
    </QueryContent>
  );
}

/**
 * The FAQ accordion of /faq: the server's items with the first one open. Loading shows a
 * skeleton; a failed load says so and offers a retry (the spec only logged it, leaving a blank page).
 */
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import { QueryContent } from '~/components/ui/load-state';
import { useFaq } from '../api/get-faq';

export function FaqList() {
  return (
    <QueryContent
      query={useFaq()}
      loadingLabel="Loading the questions…"
      errorMessage="We could not load the questions right now. Please try again later."
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
          <p className="text-center text-slate-600">No questions yet.</p>
        )
      }
    </QueryContent>
  );
}

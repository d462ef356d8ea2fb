/**
 * The FAQ accordion of /faq: the server's items with the first one open. Loading shows a
 * skeleton; a failed load says so and offers a retry (the spec only logged it, leaving a blank page).
 */
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import { LoadError, LoadingSkeleton } from '~/components/ui/load-state';
import { useFaq } from '../api/get-faq';

export function FaqList() {
  const faq = useFaq();

  if (faq.isPending) return <LoadingSkeleton label="Loading the questions…" />;
  if (faq.isError) {
    return (
      <LoadError
        message="We could not load the questions right now. Please try again later."
        retrying={faq.isFetching}
        onRetry={() => void faq.refetch()}
      />
    );
  }
  const [first] = faq.data;
  if (!first) return <p className="text-center text-slate-600">No questions yet.</p>;

  return (
    <Accordion type="single" collapsible defaultValue={String(first._id)} className="grid gap-3">
      {faq.data.map((item) => (
        <AccordionItem key={item._id} value={String(item._id)}>
          <AccordionTrigger>{item.que}</AccordionTrigger>
          <AccordionContent>
            <p className="whitespace-pre-line">{item.ans}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

/**
 * The FAQ accordion of /faq: the server's items with the first one open. Loading shows a
 * skeleton; a failed load says so and offers a retry (the spec only logged it, leaving a blank page).
 * On /gu/faq and /hi/faq each question and answer shows the organizers' translation, or the
 * English marked `lang="en"` where they have not written one.
 */
import { shownText } from '@festival/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import { QueryContent } from '~/components/ui/load-state';
import { usePageLocale } from '~/lib/i18n/use-locale';
import { useRetryLabels } from '~/lib/i18n/use-retry-labels';
import { useFaq } from '../api/get-faq';

/** The questions and answers are the organizers' (shown as entered); the states are in the page's language. */
export function FaqList() {
  const { t } = useLingui();
  const locale = usePageLocale();
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
            {items.map((item) => {
              const question = shownText(item.translations, locale, 'que', item.que);
              const answer = shownText(item.translations, locale, 'ans', item.ans);
              return (
                <AccordionItem key={item._id} value={String(item._id)}>
                  <AccordionTrigger>
                    <span lang={question.lang}>{question.text}</span>
                  </AccordionTrigger>
                  <AccordionContent>
                    <p lang={answer.lang} className="whitespace-pre-line">
                      {answer.text}
                    </p>
                  </AccordionContent>
                </AccordionItem>
              );
            })}
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

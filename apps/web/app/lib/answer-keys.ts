/**
 * The registration questions' answers as the forms hold them. Each answer's input is named
 * `answers.q<id>`, not `answers.<id>`: react-hook-form reads a numeric path segment as an array
 * index. The API keys answers by the question's id (`{"12": "Jain"}`); these convert between them.
 */

/** Answers as the inputs hold them: text, a radio's value (null while none is chosen), a checkbox group's values. */
export type AnswerInputs = Record<string, string | string[] | boolean | null | undefined>;

/** The form's key of a question's answer. */
export const answerKey = (questionId: number) => `q${questionId}`;

/**
 * The API's answers from the inputs: keyed by question id, only the `asked` questions' (a
 * question gone since the form loaded keeps its input's value), unanswered radios and empty
 * groups left out.
 */
export function toApiAnswers(
  inputs: AnswerInputs | undefined,
  asked: readonly number[],
): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const id of asked) {
    const value = inputs?.[answerKey(id)];
    if (typeof value === 'string' || Array.isArray(value)) answers[id] = value;
  }
  return answers;
}

/** The form field a server message on `answers.<id>` belongs to; other fields unchanged. */
export const formFieldOf = (serverField: string) => serverField.replace(/^answers\.(\d+)$/, 'answers.q$1');

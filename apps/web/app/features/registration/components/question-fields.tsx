/**
 * The organizer's registration questions on a registration form, after the spec's fields, as
 * their own section (the inputs: components/questions/question-inputs.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { QuestionInputs, type QuestionInputsProps } from '~/components/questions/question-inputs';
import { FormSection } from './form-section';

export type QuestionFieldsProps = QuestionInputsProps;

export function QuestionFields(props: QuestionFieldsProps) {
  const { t } = useLingui();
  if (!props.questions || props.questions.length === 0) return null;
  return (
    <FormSection title={t`A few questions`}>
      <QuestionInputs {...props} wording={{ yes: t`Yes`, no: t`No`, chooseAny: t`Choose any that apply.` }} />
    </FormSection>
  );
}

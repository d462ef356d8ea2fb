/**
 * The organizer's registration questions on a registration form, after the spec's fields, as
 * their own section (the inputs: components/questions/question-inputs.tsx).
 */
import { QuestionInputs, type QuestionInputsProps } from '~/components/questions/question-inputs';
import { FormSection } from './form-section';

export type QuestionFieldsProps = QuestionInputsProps;

export function QuestionFields(props: QuestionFieldsProps) {
  if (!props.questions || props.questions.length === 0) return null;
  return (
    <FormSection title="A few questions">
      <QuestionInputs {...props} />
    </FormSection>
  );
}

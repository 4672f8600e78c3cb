import { useForm, type UseFormInput } from '@mantine/form';
import { useState, type FormEvent } from 'react';

/**
 * A Mantine form that validates on submit first and, only after that first submit, re-validates
 * each field as it changes (SPEC §5). Nobody is told off while still typing for the first time.
 */
export function useSubmitValidatedForm<Values extends Record<string, unknown>>(input: UseFormInput<Values>) {
  const [hasSubmitted, setHasSubmitted] = useState(false);

  const form = useForm<Values>({
    mode: 'controlled',
    ...input,
    enhanceGetInputProps: (payload) => {
      const extra = input.enhanceGetInputProps?.(payload);
      if (!hasSubmitted) return extra;
      // Mantine merges what we return into inputProps itself, so keep the original handler now.
      const setValue = payload.inputProps.onChange as (event: unknown) => void;
      return {
        ...extra,
        onChange: (event: unknown) => {
          setValue(event);
          payload.form.validateField(payload.field);
        },
      };
    },
  });

  /** Like form.onSubmit, and switches on validation while typing from now on. */
  const onSubmit =
    (handler: (values: Values) => void | Promise<void>) =>
    (event?: FormEvent<HTMLFormElement>): void => {
      setHasSubmitted(true);
      form.onSubmit(handler)(event);
    };

  /** Back to a fresh form: initial values, no errors, no validation while typing. */
  const resetForm = () => {
    form.reset();
    setHasSubmitted(false);
  };

  return { form, onSubmit, resetForm };
}

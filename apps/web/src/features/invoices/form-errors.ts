import { isApiRequestError } from '../../lib/api.ts';

/**
 * A refused request as a form shows it: the server's messages on the fields it names, and its message
 * above the form when it names none of the form's fields.
 */
export function errorsFromFailure(failure: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiRequestError(failure)) return { form: 'Something went wrong. Please try again.' };
  const errors: Record<string, string> = { ...(failure.fields ?? {}) };
  if (
    !fields.some((field) => Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`)))
  )
    errors.form = failure.message;
  return errors;
}

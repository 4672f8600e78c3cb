import { isApiRequestError } from '../../lib/api.ts';

/**
 * A refused request as the finance dialogs show it: the server's messages on the fields they name,
 * and its message under the form when it names none of the dialog's fields.
 */
export function errorsFromFailure<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
): Partial<Record<Field | 'form', string>> {
  const errors: Partial<Record<string, string>> = isApiRequestError(failure)
    ? {
        ...(failure.fields ?? {}),
        form: fields.some((field) => failure.fields?.[field]) ? undefined : failure.message,
      }
    : { form: 'Something went wrong. Please try again.' };
  return errors as Partial<Record<Field | 'form', string>>;
}

import { signInSchema, type SignIn } from '@commonwise/contracts';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useSignIn } from '../api.ts';

export const signInFailedMessage = 'An error occurred during sign in';
export const signedInMessage = 'Signed in successfully';

/** The server's own words for a refused sign-in (wrong password, locked out); ours for anything else. */
export function getSignInErrorMessage(error: unknown): string {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return error.message;
  return signInFailedMessage;
}

const validate = zod4Resolver(signInSchema);

/**
 * The sign-in form (SPEC §5): 'Please enter a valid email', 'Password must be at least 6 characters'.
 * `initialEmail` comes from /auth?email=…, where a person lands after setting their password.
 * `onTwoFactor` is called when the password was right and the account asks for a second factor.
 */
export function useSignInForm(initialEmail: string, onTwoFactor: (email: string) => void) {
  const signIn = useSignIn();
  const { form, onSubmit } = useSubmitValidatedForm<SignIn>({
    initialValues: { email: initialEmail, password: '' },
    validate,
  });

  const handleSubmit = onSubmit(async (values) => {
    const email = values.email.trim();
    try {
      const outcome = await signIn.mutateAsync({ email, password: values.password });
      if (outcome.kind === 'two-factor') onTwoFactor(email);
      else notifications.show({ color: 'green', message: signedInMessage });
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      notifications.show({ color: 'red', message: getSignInErrorMessage(error), autoClose: 8000 });
    }
  });

  return { form, handleSubmit, isSubmitting: signIn.isPending || form.submitting };
}

import { changePasswordSchema } from '@commonwise/contracts';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useChangePassword } from '../api.ts';

export const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type PasswordFormValues = z.infer<typeof passwordFormSchema>;

const validate = zod4Resolver(passwordFormSchema);

export function PasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const { form, onSubmit, resetForm } = useSubmitValidatedForm<PasswordFormValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate,
  });

  const handleSubmit = onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      resetForm();
      notifications.show({ color: 'green', message: 'Password changed. Other sessions were signed out.' });
    } catch (error) {
      if (isApiRequestError(error)) {
        if (error.code === 'INVALID_PASSWORD') form.setFieldError('currentPassword', error.message);
        else if (error.fields) form.setErrors(error.fields);
      }
      notifications.show({ color: 'red', message: getErrorMessage(error, 'Failed to change password') });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      {/* Lets a password manager know whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 6 characters."
          autoComplete="new-password"
          withAsterisk
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

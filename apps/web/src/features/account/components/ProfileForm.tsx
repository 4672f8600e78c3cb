import { updateProfileSchema, type Profile, type UpdateProfile } from '@commonwise/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useUpdateProfile } from '../api.ts';

const validate = zod4Resolver(updateProfileSchema);

export function ProfileForm({ user }: { user: Profile }) {
  const updateProfile = useUpdateProfile();
  const { form, onSubmit } = useSubmitValidatedForm<UpdateProfile>({
    initialValues: { fullName: user.fullName },
    validate,
  });

  const handleSubmit = onSubmit(async (values) => {
    try {
      const profile = await updateProfile.mutateAsync({ fullName: values.fullName.trim() });
      form.setValues({ fullName: profile.fullName });
      form.resetDirty({ fullName: profile.fullName });
      notifications.show({ color: 'green', message: 'Profile updated' });
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      notifications.show({ color: 'red', message: getErrorMessage(error, 'Failed to update profile') });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Full name"
          autoComplete="name"
          withAsterisk
          key={form.key('fullName')}
          {...form.getInputProps('fullName')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={updateProfile.isPending} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

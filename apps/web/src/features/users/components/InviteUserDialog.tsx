import {
  invitationValidDays,
  inviteUserSchema,
  roleLabels,
  roles,
  type InviteUser,
  type Role,
} from '@commonwise/contracts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { useInviteUser } from '../api.ts';

// The contract's name rule speaks to the person themselves ('Please enter your name'); here an admin
// names someone else, so only the message differs.
export const inviteFormSchema = inviteUserSchema.extend({
  fullName: z
    .string()
    .trim()
    .min(1, "Please enter the person's name")
    .max(120, 'Name must be at most 120 characters'),
});
const validate = zod4Resolver(inviteFormSchema);

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

type InviteFormValues = { fullName: string; email: string; role: Role };

interface InviteUserDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Invite User: the invitee receives an e-mail with a link to set their password. */
export function InviteUserDialog({ opened, onClose }: InviteUserDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite User">
      <InviteUserForm onClose={onClose} />
    </Modal>
  );
}

function InviteUserForm({ onClose }: { onClose: () => void }) {
  const inviteUser = useInviteUser();
  const { form, onSubmit } = useSubmitValidatedForm<InviteFormValues>({
    initialValues: { fullName: '', email: '', role: 'resident' },
    validate,
  });

  const handleSubmit = onSubmit(async (values) => {
    const input: InviteUser = {
      fullName: values.fullName.trim(),
      email: values.email.trim().toLowerCase(),
      role: values.role,
    };
    try {
      await inviteUser.mutateAsync(input);
      showSuccessToast(`Invitation sent to ${input.email}`);
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      showFailureToast('Failed to send invitation', error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          They receive an e-mail with a link to set their password. The link works for {invitationValidDays}{' '}
          days; you can resend it from their row.
        </Text>
        <TextInput
          label="Full name"
          autoComplete="off"
          withAsterisk
          data-autofocus
          maxLength={120}
          key={form.key('fullName')}
          {...form.getInputProps('fullName')}
        />
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Select
          label="Role"
          data={roleOptions}
          allowDeselect={false}
          withAsterisk
          key={form.key('role')}
          {...form.getInputProps('role')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={inviteUser.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={inviteUser.isPending}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  invitationValidDays,
  vendorPersonInputSchema,
  vendorPersonUpdateSchema,
  type VendorCompany,
  type VendorPerson,
  type VendorPersonInput,
  type VendorPersonUpdate,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconMail, IconPencil, IconStar, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import {
  useAddVendorPerson,
  useRemoveVendorPerson,
  useResendVendorInvitation,
  useUpdateVendorPerson,
} from '../api.ts';
import { Section } from './Section.tsx';

/**
 * The company's people: vendor accounts who sign in to the vendor portal and are assigned work. A keeper
 * adds one by e-mail (a new account is sent an invitation), changes someone's title or phone, makes them
 * the main contact, sends the invitation again, or takes someone off the company (their account stays).
 */
export function PeopleSection({ company }: { company: VendorCompany }) {
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<VendorPerson | null>(null);
  const [removing, setRemoving] = useState<VendorPerson | null>(null);
  const resend = useResendVendorInvitation(company.id);
  const update = useUpdateVendorPerson(company.id);
  const remove = useRemoveVendorPerson(company.id);
  const keeps = company.canManage;

  return (
    <Section
      title="People"
      description="Who signs in for the company: work orders are assigned to them, and they keep its documents current."
      action={
        keeps ? (
          <Button
            variant="default"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setIsAdding(true)}
          >
            Add person
          </Button>
        ) : null
      }
    >
      {company.people.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody yet. {keeps ? 'Add the people who will sign in for the company.' : ''}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="People">
          {company.people.map((person, index) => (
            <Group
              component="li"
              key={person.userId}
              justify="space-between"
              align="flex-start"
              gap="sm"
              py="sm"
              wrap="wrap"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {person.fullName}
                  </Text>
                  {person.isPrimary ? <ToneBadge color="indigo">Main contact</ToneBadge> : null}
                  {person.invitationPending ? <ToneBadge color="yellow">Invitation pending</ToneBadge> : null}
                  {person.isActive ? null : <ToneBadge color="gray">Account deactivated</ToneBadge>}
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[person.title, person.email, person.phone].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              {keeps ? (
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setEditing(person)}
                  >
                    Edit <VisuallyHidden>{person.fullName}</VisuallyHidden>
                  </Button>
                  {person.isPrimary ? null : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Make main contact: ${person.fullName}`}
                      leftSection={<IconStar size={14} aria-hidden />}
                      loading={
                        update.isPending &&
                        update.variables.userId === person.userId &&
                        update.variables.input.isPrimary === true
                      }
                      onClick={() =>
                        update.mutate(
                          { userId: person.userId, input: { isPrimary: true } },
                          {
                            onSuccess: () =>
                              showSuccessToast(`${person.fullName} is ${company.name}’s main contact now`),
                            onError: (error) => showFailureToast('The main contact was not changed', error),
                          },
                        )
                      }
                    >
                      Make main contact
                    </Button>
                  )}
                  {person.invitationPending ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconMail size={14} aria-hidden />}
                      loading={resend.isPending && resend.variables === person.userId}
                      onClick={() =>
                        resend.mutate(person.userId, {
                          onSuccess: () => showSuccessToast(`A new invitation was sent to ${person.email}`),
                          onError: (error) => showFailureToast('The invitation was not sent', error),
                        })
                      }
                    >
                      Resend invitation
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconUserMinus size={14} aria-hidden />}
                    onClick={() => setRemoving(person)}
                  >
                    Remove
                  </Button>
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <AddPersonDialog company={company} opened={isAdding} onClose={() => setIsAdding(false)} />
      <PortalModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${editing.fullName}` : 'Edit person'}
      >
        {editing ? (
          <EditPersonForm company={company} person={editing} onClose={() => setEditing(null)} />
        ) : null}
      </PortalModal>
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Remove ${removing.fullName}?` : 'Remove person'}
        confirmLabel="Remove from company"
        isConfirming={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              showSuccessToast(`${removing.fullName} was taken off ${company.name}`);
              setRemoving(null);
            },
            onError: (error) => showFailureToast(`${removing.fullName} was not removed`, error),
          })
        }
      >
        {removing
          ? `${removing.fullName} stops being one of ${company.name}’s people. Their account stays; work orders already assigned to them stay too.`
          : ''}
      </ConfirmDialog>
    </Section>
  );
}

type PersonFormValues = { fullName: string; email: string; title: string; phone: string; isPrimary: boolean };
const toInput = (values: PersonFormValues): VendorPersonInput => ({
  fullName: values.fullName.trim(),
  email: values.email.trim(),
  title: values.title.trim() || undefined,
  phone: values.phone.trim() || undefined,
  isPrimary: values.isPrimary,
});
const validateInput = zod4Resolver(vendorPersonInputSchema);

function AddPersonDialog({
  company,
  opened,
  onClose,
}: {
  company: VendorCompany;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <PortalModal opened={opened} onClose={onClose} title={`Add a person to ${company.name}`}>
      {opened ? <AddPersonForm company={company} onClose={onClose} /> : null}
    </PortalModal>
  );
}

function AddPersonForm({ company, onClose }: { company: VendorCompany; onClose: () => void }) {
  const isAdmin = useSignedInUser().role === 'admin';
  const add = useAddVendorPerson(company.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<PersonFormValues>({
    initialValues: {
      fullName: '',
      email: '',
      title: '',
      phone: '',
      isPrimary: company.people.length === 0,
    },
    validate: (values) => validateInput(toInput(values)),
  });
  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      const person = await add.mutateAsync(toInput(values));
      showSuccessToast(
        person.invitationPending
          ? `Invitation sent to ${person.email}`
          : `${person.fullName} added to ${company.name}`,
      );
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      setFailure(getErrorMessage(error));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Someone new gets an e-mail with a link to set their password (it works for {invitationValidDays}{' '}
          days).{' '}
          {isAdmin
            ? 'A vendor who already has an account and no company is added as they are.'
            : 'A vendor who already has an account is added by an administrator.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Full name"
            required
            maxLength={120}
            autoComplete="off"
            data-autofocus
            key={form.key('fullName')}
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            required
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Title"
            placeholder="Office manager"
            maxLength={80}
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <TextInput
            label="Phone"
            type="tel"
            maxLength={40}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <Checkbox
          label="Main contact"
          description="The company’s main contact; the one before stops being it."
          key={form.key('isPrimary')}
          {...form.getInputProps('isPrimary', { type: 'checkbox' })}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add person
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type EditFormValues = { title: string; phone: string };
const validateUpdate = zod4Resolver(vendorPersonUpdateSchema);
/** Only what changed; a field emptied is cleared (null). */
const toUpdate = (person: VendorPerson, values: EditFormValues): VendorPersonUpdate => {
  const changed = (before: string | null, after: string) =>
    after.trim() === (before ?? '') ? undefined : after.trim() || null;
  return { title: changed(person.title, values.title), phone: changed(person.phone, values.phone) };
};

/** A keeper changes a person's title or phone (their name and e-mail are their own account's). */
function EditPersonForm({
  company,
  person,
  onClose,
}: {
  company: VendorCompany;
  person: VendorPerson;
  onClose: () => void;
}) {
  const update = useUpdateVendorPerson(company.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<EditFormValues>({
    initialValues: { title: person.title ?? '', phone: person.phone ?? '' },
    validate: (values) => {
      const input = toUpdate(person, values);
      // Nothing changed is not an error here: saving it simply closes the dialog.
      return input.title === undefined && input.phone === undefined ? {} : validateUpdate(input);
    },
  });
  const handleSubmit = onSubmit(async (values) => {
    const input = toUpdate(person, values);
    if (input.title === undefined && input.phone === undefined) return onClose();
    setFailure(null);
    try {
      await update.mutateAsync({ userId: person.userId, input });
      showSuccessToast(`${person.fullName}’s details were saved`);
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      setFailure(getErrorMessage(error));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {person.fullName} · {person.email}. Their name and e-mail belong to their own account.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Title"
            placeholder="Office manager"
            maxLength={80}
            data-autofocus
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <TextInput
            label="Phone"
            type="tel"
            maxLength={40}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

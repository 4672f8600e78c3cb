import {
  vendorCompanyInputSchema,
  vendorCompanyUpdateSchema,
  vendorContactsMax,
  type VendorCompany,
  type VendorCompanyInput,
  type VendorCompanyUpdate,
  type VendorTrade,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { useCreateVendor, useUpdateVendor } from '../api.ts';
import { tradeOptions } from '../labels.ts';

type ContactValues = { name: string; role: string; email: string; phone: string };
type CompanyFormValues = {
  name: string;
  trades: VendorTrade[];
  phone: string;
  email: string;
  website: string;
  address: string;
  contacts: ContactValues[];
  /** A new company's associations, the first its home. */
  propertyIds: string[];
  /** An existing company's home association. */
  homePropertyId: string | null;
};

const blankContact: ContactValues = { name: '', role: '', email: '', phone: '' };
const trimmed = (text: string) => text.trim();
const orUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim());
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

const contactsOf = (values: CompanyFormValues) =>
  values.contacts.map((contact) => ({
    name: trimmed(contact.name),
    role: orUndefined(contact.role),
    email: orUndefined(contact.email),
    phone: orUndefined(contact.phone),
  }));

export function createInputOf(values: CompanyFormValues): VendorCompanyInput {
  return {
    name: trimmed(values.name),
    trades: values.trades,
    phone: orUndefined(values.phone),
    email: orUndefined(values.email),
    website: orUndefined(values.website),
    address: orUndefined(values.address),
    contacts: contactsOf(values),
    propertyIds: values.propertyIds,
  };
}

/** An edit sends every field of the form: a field emptied is cleared (null), not left as it was. */
export function updateInputOf(values: CompanyFormValues, company: VendorCompany): VendorCompanyUpdate {
  return {
    name: trimmed(values.name),
    trades: values.trades,
    phone: orNull(values.phone),
    email: orNull(values.email),
    website: orNull(values.website),
    address: orNull(values.address),
    contacts: contactsOf(values),
    ...(values.homePropertyId && values.homePropertyId !== company.homeProperty?.propertyId
      ? { homePropertyId: values.homePropertyId }
      : {}),
  };
}

const validateCreate = zod4Resolver(vendorCompanyInputSchema);
const validateUpdate = zod4Resolver(vendorCompanyUpdateSchema);

/**
 * Adding a vendor company (no `company`), or changing one's details, contacts and home association. A
 * manager names at least one association they run for a new company; the first one keeps its record.
 */
export function VendorFormDialog({
  opened,
  onClose,
  company,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  company?: VendorCompany;
  onCreated?: (company: VendorCompany) => void;
}) {
  return (
    <PortalModal
      opened={opened}
      onClose={onClose}
      title={company ? `Edit ${company.name}` : 'Add vendor'}
      size="lg"
    >
      {/* Rendered only while open, so every opening starts from the company as it is now. */}
      {opened ? <VendorForm company={company} onClose={onClose} onCreated={onCreated} /> : null}
    </PortalModal>
  );
}

function VendorForm({
  company,
  onClose,
  onCreated,
}: {
  company: VendorCompany | undefined;
  onClose: () => void;
  onCreated: ((company: VendorCompany) => void) | undefined;
}) {
  const user = useSignedInUser();
  const create = useCreateVendor();
  const update = useUpdateVendor(company?.id ?? '');
  const properties = useQuery({ ...propertiesQueryOptions({ limit: 100 }), enabled: !company });
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<CompanyFormValues>({
    initialValues: {
      name: company?.name ?? '',
      trades: company?.trades ?? [],
      phone: company?.phone ?? '',
      email: company?.email ?? '',
      website: company?.website ?? '',
      address: company?.address ?? '',
      contacts: (company?.contacts ?? []).map((contact) => ({
        name: contact.name,
        role: contact.role ?? '',
        email: contact.email ?? '',
        phone: contact.phone ?? '',
      })),
      propertyIds: [],
      homePropertyId: company?.homeProperty?.propertyId ?? null,
    },
    validate: (values) => {
      if (company) return validateUpdate(updateInputOf(values, company));
      const errors = validateCreate(createInputOf(values));
      if (user.role === 'manager' && values.propertyIds.length === 0)
        errors.propertyIds = 'Choose at least one association it works for';
      return errors;
    },
  });
  const isSaving = create.isPending || update.isPending;

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      if (company) {
        await update.mutateAsync(updateInputOf(values, company));
        showSuccessToast(`${values.name.trim()} saved`);
        onClose();
      } else {
        const created = await create.mutateAsync(createInputOf(values));
        showSuccessToast(`${created.name} added to the vendor directory`);
        onClose();
        onCreated?.(created);
      }
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      setFailure(getErrorMessage(error));
    }
  });

  const associationOptions = (properties.data?.properties ?? []).map((property) => ({
    value: property.id,
    label: property.name,
  }));
  const chosen = form.getValues().propertyIds;
  const homeName = associationOptions.find((option) => option.value === chosen[0])?.label;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Company name"
          required
          maxLength={160}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label="Trades"
          description="The work it takes on: work orders of these categories list it first."
          placeholder="Choose trades"
          data={tradeOptions}
          searchable
          nothingFoundMessage="No trade matches"
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          key={form.key('trades')}
          {...form.getInputProps('trades')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="off"
            maxLength={40}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="office@example.com"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Website"
            placeholder="https://"
            autoComplete="off"
            maxLength={200}
            key={form.key('website')}
            {...form.getInputProps('website')}
          />
          <TextInput
            label="Address"
            autoComplete="off"
            maxLength={300}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
        {company ? (
          <>
            <ContactsFields form={form} />
            {company.canManage && company.serviceAreas.length > 0 ? (
              <Select
                label="Home association"
                description="Its managers keep this record: the details, people and documents."
                data={company.serviceAreas.map((area) => ({
                  value: area.propertyId,
                  label: area.propertyName,
                }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
                key={form.key('homePropertyId')}
                {...form.getInputProps('homePropertyId')}
              />
            ) : null}
          </>
        ) : (
          <MultiSelect
            label="Associations it works for"
            description={
              homeName
                ? `${homeName} keeps its record (the first one chosen).`
                : 'The first one you choose keeps its record: its managers look after the details, people and documents.'
            }
            placeholder={properties.isPending ? 'Loading associations...' : 'Choose associations'}
            data={associationOptions}
            required={user.role === 'manager'}
            searchable
            nothingFoundMessage="No association matches"
            error={
              properties.isError
                ? `The associations could not be loaded: ${getErrorMessage(properties.error)}`
                : undefined
            }
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            key={form.key('propertyIds')}
            {...form.getInputProps('propertyIds')}
          />
        )}
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {company ? 'Save changes' : 'Add vendor'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CompanyForm = ReturnType<typeof useSubmitValidatedForm<CompanyFormValues>>['form'];

/** The office, billing, the emergency line: people to call who need no sign-in. */
function ContactsFields({ form }: { form: CompanyForm }) {
  const contacts = form.getValues().contacts;
  return (
    <Fieldset legend="Contacts" variant="filled" radius="md">
      <Stack gap="sm">
        {contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contacts yet: add the office, billing or an emergency line.
          </Text>
        ) : null}
        {contacts.map((_, index) => (
          <Stack key={form.key(`contacts.${index}`)} gap={6}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Name"
                required
                maxLength={120}
                key={form.key(`contacts.${index}.name`)}
                {...form.getInputProps(`contacts.${index}.name`)}
              />
              <TextInput
                label="Role"
                placeholder="Billing, emergencies..."
                maxLength={80}
                key={form.key(`contacts.${index}.role`)}
                {...form.getInputProps(`contacts.${index}.role`)}
              />
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="off"
                key={form.key(`contacts.${index}.email`)}
                {...form.getInputProps(`contacts.${index}.email`)}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label="Phone"
                  type="tel"
                  autoComplete="off"
                  maxLength={40}
                  style={{ flex: 1 }}
                  key={form.key(`contacts.${index}.phone`)}
                  {...form.getInputProps(`contacts.${index}.phone`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Remove contact ${index + 1}`}
                  onClick={() => form.removeListItem('contacts', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </SimpleGrid>
          </Stack>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={contacts.length >= vendorContactsMax}
            onClick={() => form.insertListItem('contacts', { ...blankContact })}
          >
            Add contact
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The staff's notes, edited on their own (a keeper writes them; other managers read them). */
export function NotesForm({ company, onDone }: { company: VendorCompany; onDone: () => void }) {
  const update = useUpdateVendor(company.id);
  const [notes, setNotes] = useState(company.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    update.mutate(
      { notes: notes.trim() === '' ? null : notes.trim() },
      {
        onSuccess: () => {
          showSuccessToast('Notes saved');
          onDone();
        },
        onError: (failure) =>
          setError(
            isApiRequestError(failure) && failure.fields?.notes
              ? failure.fields.notes
              : getErrorMessage(failure),
          ),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Textarea
          label="Notes"
          description="Only managers and admins read these; the vendor never sees them."
          autosize
          minRows={3}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save notes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

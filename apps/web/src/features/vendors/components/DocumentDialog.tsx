import {
  vendorDocumentInputSchema,
  vendorDocumentKinds,
  vendorSubmissionInputSchema,
  type VendorDocument,
  type VendorDocumentInput,
  type VendorDocumentKind,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import {
  coverageFields,
  coverageLabels,
  documentInputOf,
  emptyDocumentForm,
  type DocumentFormValues,
} from '../document-form.ts';
import { DocumentFiles, fileRightsOf, type DocumentSource } from './DocumentFiles.tsx';

// Short, so the three fit side by side on a phone.
const kindShortLabels: Record<VendorDocumentKind, string> = {
  insurance: 'Insurance',
  licence: 'Licence',
  w9: 'W-9',
};
const kindOptions = vendorDocumentKinds.map((kind) => ({ value: kind, label: kindShortLabels[kind] }));

const attachTitles: Record<VendorDocumentKind, string> = {
  insurance: 'Attach the certificate of insurance',
  licence: 'Attach the licence',
  w9: 'Attach the signed W-9',
};

const validateKeeper = zod4Resolver(vendorDocumentInputSchema);
const validateSubmission = zod4Resolver(vendorSubmissionInputSchema);

/**
 * Adding a compliance document: a keeper's is verified at once; a vendor's (`source` 'own') waits for a
 * manager's review. Cover is typed in dollars and sent in cents. Once saved, the dialog asks for the file
 * itself (the upload needs the document's id).
 */
export function DocumentDialog({
  opened,
  onClose,
  source,
  initialValues,
  submit,
  isSubmitting,
}: {
  opened: boolean;
  onClose: () => void;
  source: DocumentSource;
  /** A renewal starts from the document it renews; otherwise a blank certificate of insurance. */
  initialValues?: DocumentFormValues | undefined;
  submit: (input: VendorDocumentInput) => Promise<VendorDocument>;
  isSubmitting: boolean;
}) {
  const [saved, setSaved] = useState<VendorDocument | null>(null);
  const close = () => {
    setSaved(null);
    onClose();
  };
  const isPortal = source === 'own';
  const title = saved
    ? attachTitles[saved.kind]
    : isPortal
      ? 'Upload a renewed document'
      : 'Add compliance document';
  return (
    <PortalModal opened={opened} onClose={close} title={title} size="lg">
      {!opened ? null : saved ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} p="sm">
            {isPortal
              ? 'Sent for review. Attach the document itself so the manager can check it.'
              : 'Saved and verified. Attach the document itself so others can check it.'}
          </Alert>
          <DocumentFiles source={source} document={saved} rights={fileRightsOf(saved)} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <DocumentForm
          isPortal={isPortal}
          initialValues={initialValues ?? emptyDocumentForm()}
          submit={submit}
          isSubmitting={isSubmitting}
          onSaved={setSaved}
          onCancel={close}
        />
      )}
    </PortalModal>
  );
}

function DocumentForm({
  isPortal,
  initialValues,
  submit,
  isSubmitting,
  onSaved,
  onCancel,
}: {
  isPortal: boolean;
  initialValues: DocumentFormValues;
  submit: (input: VendorDocumentInput) => Promise<VendorDocument>;
  isSubmitting: boolean;
  onSaved: (document: VendorDocument) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const toInput = (values: DocumentFormValues) => documentInputOf(values, { withReceivedOn: !isPortal });
  const { form, onSubmit } = useSubmitValidatedForm<DocumentFormValues>({
    initialValues,
    validate: (values) => {
      const { input, errors } = toInput(values);
      const contract = (isPortal ? validateSubmission : validateKeeper)(input);
      // An amount that is not one says so, rather than the contract's "cover needed".
      return { ...contract, ...errors };
    },
  });
  const kind = form.getValues().kind;

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(await submit(toInput(values).input));
    } catch (error) {
      if (isApiRequestError(error) && error.fields) form.setErrors(error.fields);
      setFailure(getErrorMessage(error));
    }
  });

  const dayInput = (field: 'effectiveOn' | 'expiresOn' | 'receivedOn', label: string, required = false) => (
    <TextInput
      type="date"
      label={label}
      required={required}
      min="1950-01-01"
      max="2199-12-31"
      key={form.key(field)}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="document-kind-label">
            Document
          </Text>
          <SegmentedControl
            aria-labelledby="document-kind-label"
            data={kindOptions}
            fullWidth
            value={kind}
            onChange={(value) => form.setFieldValue('kind', value as VendorDocumentKind)}
          />
        </Stack>
        {kind === 'insurance' ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Insurer"
                maxLength={160}
                key={form.key('insurer')}
                {...form.getInputProps('insurer')}
              />
              <TextInput
                label="Policy number"
                maxLength={80}
                key={form.key('policyNumber')}
                {...form.getInputProps('policyNumber')}
              />
            </SimpleGrid>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Cover the certificate lists
              </Text>
              <Text size="xs" c="dimmed">
                In dollars as printed, such as 1,000,000. Leave out what it does not list.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {coverageFields.map((field) => (
                  <TextInput
                    key={form.key(field)}
                    label={coverageLabels[field]}
                    leftSection="$"
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.getInputProps(field)}
                  />
                ))}
              </SimpleGrid>
              <Checkbox
                label="Workers’ compensation"
                mt={4}
                key={form.key('workersComp')}
                {...form.getInputProps('workersComp', { type: 'checkbox' })}
              />
            </Stack>
          </>
        ) : null}
        {kind === 'licence' ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Licence number"
                required
                maxLength={80}
                key={form.key('licenceNumber')}
                {...form.getInputProps('licenceNumber')}
              />
              <TextInput
                label="Issued by"
                placeholder="The state board"
                maxLength={160}
                key={form.key('issuedBy')}
                {...form.getInputProps('issuedBy')}
              />
            </SimpleGrid>
          </>
        ) : null}
        {kind === 'w9' ? (
          <Text size="sm" c="dimmed">
            A W-9 does not expire. Its taxpayer number stays in the signed form: attach it on the next step.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {kind === 'w9' ? null : dayInput('effectiveOn', 'Effective from')}
          {kind === 'w9' ? null : dayInput('expiresOn', 'Expires on', kind === 'insurance')}
          {isPortal ? null : dayInput('receivedOn', 'Received on')}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {isPortal
            ? 'A manager checks it before it counts. You can attach the file on the next step.'
            : 'Documents you add are verified at once. You can attach the file on the next step.'}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isPortal ? 'Send for review' : 'Save document'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

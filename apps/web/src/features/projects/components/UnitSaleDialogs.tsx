import {
  formatMoney,
  unitClosingInputSchema,
  unitContractCancelSchema,
  unitContractInputSchema,
  type ProjectUnit,
  type UnitContractInput,
} from '@commonwise/contracts';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSubmitValidatedForm } from '../../../lib/use-submit-validated-form.ts';
import { centsFromDollars } from '../../finance/api.ts';
import { useCancelContract, useCloseUnit, useSignContract } from '../api.ts';

export type SaleDialog = { kind: 'contract' | 'close' | 'cancel'; unit: ProjectUnit };

/** The dialog for one step of a unit's sale, or nothing. */
export function UnitSaleDialogs({
  projectId,
  today,
  dialog,
  onClose,
}: {
  projectId: string;
  /** The association's today: the dates start from it. */
  today: string;
  dialog: SaleDialog | null;
  onClose: () => void;
}) {
  const titles = {
    contract: `Sign contract: ${dialog?.unit.label ?? ''}`,
    close: `Close sale: ${dialog?.unit.label ?? ''}`,
    cancel: `Cancel contract: ${dialog?.unit.label ?? ''}`,
  };
  return (
    <PortalModal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? titles[dialog.kind] : ''}
      size="lg"
    >
      {dialog?.kind === 'contract' ? (
        <ContractForm projectId={projectId} unit={dialog.unit} today={today} onDone={onClose} />
      ) : dialog?.kind === 'close' ? (
        <ClosingForm projectId={projectId} unit={dialog.unit} today={today} onDone={onClose} />
      ) : dialog?.kind === 'cancel' ? (
        <CancelForm projectId={projectId} unit={dialog.unit} onDone={onClose} />
      ) : null}
    </PortalModal>
  );
}

/** The form's fields, by the contract's names where they differ. */
const renames: Record<string, string> = { priceCents: 'price' };

/** A refused request on the form: its fields' messages on the fields, anything else above the buttons. */
function showFailure(
  error: unknown,
  setErrors: (errors: Record<string, string>) => void,
  setFailure: (message: string | null) => void,
  fieldForCode: Record<string, string> = {},
) {
  const fields: Record<string, string> = {};
  if (isApiRequestError(error)) {
    for (const [key, message] of Object.entries(error.fields ?? {})) fields[renames[key] ?? key] = message;
    const codeField = fieldForCode[error.code];
    if (codeField && !fields[codeField]) fields[codeField] = error.message;
  }
  setErrors(fields);
  setFailure(Object.keys(fields).length > 0 ? null : getErrorMessage(error));
}

function FormFoot({
  failure,
  onCancel,
  isSubmitting,
  submitLabel,
  cancelLabel = 'Cancel',
}: {
  failure: string | null;
  onCancel: () => void;
  isSubmitting: boolean;
  submitLabel: string;
  cancelLabel?: string;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" role="alert" p="sm">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

const dateInput = (props: { label: string; description?: ReactNode }) => ({
  type: 'date',
  required: true,
  min: '1950-01-01',
  max: '2199-12-31',
  ...props,
});

interface ContractValues extends Record<string, unknown> {
  buyerName: string;
  buyerEmail: string;
  contractOn: string;
  price: string;
  closeNow: boolean;
  closingOn: string;
}

function contractInputOf(values: ContractValues): UnitContractInput {
  const price = values.price.trim();
  return {
    buyerName: values.buyerName,
    buyerEmail: values.buyerEmail,
    contractOn: values.contractOn,
    ...(price ? { priceCents: centsFromDollars(price) ?? Number.NaN } : {}),
    ...(values.closeNow ? { closingOn: values.closingOn } : {}),
  };
}

function validateContract(values: ContractValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.buyerName.trim()) errors.buyerName = "Give the buyer's name";
  if (values.price.trim() && centsFromDollars(values.price) === null)
    errors.price = 'Enter the price in dollars, such as 412,000';
  const result = unitContractInputSchema.safeParse(contractInputOf(values));
  if (!result.success)
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[renames[key] ?? key] ??= issue.message;
    }
  return errors;
}

function ContractForm({
  projectId,
  unit,
  today,
  onDone,
}: {
  projectId: string;
  unit: ProjectUnit;
  today: string;
  onDone: () => void;
}) {
  const signContract = useSignContract(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<ContractValues>({
    initialValues: {
      buyerName: '',
      buyerEmail: '',
      contractOn: today,
      price: '',
      closeNow: false,
      closingOn: today,
    },
    validate: validateContract,
  });
  const closeNow = form.getValues().closeNow;

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await signContract.mutateAsync({ unitId: unit.unitId, input: contractInputOf(values) });
      showSuccessToast(
        saved.salesStatus === 'closed'
          ? `${unit.label} closed: ${values.buyerName.trim()} is invited as its owner`
          : `${unit.label} is under contract`,
      );
      onDone();
    } catch (error) {
      showFailure(error, form.setErrors, setFailure, { CLOSING_BEFORE_CONTRACT: 'closingOn' });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {unit.label} in {unit.phaseName} goes under contract with this buyer.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Buyer's name"
            required
            maxLength={120}
            autoComplete="off"
            data-autofocus
            key={form.key('buyerName')}
            {...form.getInputProps('buyerName')}
          />
          <TextInput
            label="Buyer's e-mail"
            description="They are invited as the owner when the sale closes"
            type="email"
            required
            autoComplete="off"
            key={form.key('buyerEmail')}
            {...form.getInputProps('buyerEmail')}
          />
          <TextInput
            {...dateInput({ label: 'Contract date' })}
            key={form.key('contractOn')}
            {...form.getInputProps('contractOn')}
          />
          <TextInput
            label="Price"
            description="Optional"
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
        </SimpleGrid>
        <Checkbox
          label="The sale closes now too"
          description="Record the closing with the contract: the buyer becomes the owner"
          key={form.key('closeNow')}
          {...form.getInputProps('closeNow', { type: 'checkbox' })}
        />
        {closeNow ? (
          <TextInput
            {...dateInput({ label: 'Closing date', description: 'On or after the contract date' })}
            maw={{ sm: 260 }}
            key={form.key('closingOn')}
            {...form.getInputProps('closingOn')}
          />
        ) : null}
        <FormFoot
          failure={failure}
          onCancel={onDone}
          isSubmitting={signContract.isPending}
          submitLabel={closeNow ? 'Sign and close' : 'Sign contract'}
        />
      </Stack>
    </form>
  );
}

function ClosingForm({
  projectId,
  unit,
  today,
  onDone,
}: {
  projectId: string;
  unit: ProjectUnit;
  today: string;
  onDone: () => void;
}) {
  const closeUnit = useCloseUnit(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<{ closingOn: string }>({
    initialValues: { closingOn: today },
    validate: (values) => {
      const result = unitClosingInputSchema.safeParse(values);
      const errors: Record<string, string> = {};
      if (!result.success) for (const issue of result.error.issues) errors.closingOn ??= issue.message;
      else if (unit.sale && values.closingOn < unit.sale.contractOn)
        errors.closingOn = `The closing cannot be before the contract (${formatDate(unit.sale.contractOn)})`;
      return errors;
    },
  });
  const sale = unit.sale;

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      await closeUnit.mutateAsync({ unitId: unit.unitId, input: values });
      showSuccessToast(
        sale ? `${unit.label} closed: ${sale.buyerName} is invited as its owner` : `${unit.label} closed`,
      );
      onDone();
    } catch (error) {
      showFailure(error, form.setErrors, setFailure, { CLOSING_BEFORE_CONTRACT: 'closingOn' });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {sale ? (
          <Text size="sm">
            {unit.label} is under contract with {sale.buyerName} ({sale.buyerEmail}) since{' '}
            {formatDate(sale.contractOn)}
            {sale.priceCents !== null ? ` for ${formatMoney(sale.priceCents)}` : ''}.
          </Text>
        ) : null}
        <Text size="sm">
          Closing conveys the unit to its buyer: they become its owner from the closing date and are invited
          by e-mail. A closing is final.
        </Text>
        <TextInput
          {...dateInput({ label: 'Closing date' })}
          maw={{ sm: 260 }}
          data-autofocus
          key={form.key('closingOn')}
          {...form.getInputProps('closingOn')}
        />
        <FormFoot
          failure={failure}
          onCancel={onDone}
          isSubmitting={closeUnit.isPending}
          submitLabel="Close sale"
        />
      </Stack>
    </form>
  );
}

function CancelForm({
  projectId,
  unit,
  onDone,
}: {
  projectId: string;
  unit: ProjectUnit;
  onDone: () => void;
}) {
  const cancelContract = useCancelContract(projectId);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit } = useSubmitValidatedForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: (values) => {
      const result = unitContractCancelSchema.safeParse(values);
      return result.success ? {} : { reason: result.error.issues[0]?.message ?? 'Say why' };
    },
  });

  const handleSubmit = onSubmit(async (values) => {
    setFailure(null);
    try {
      await cancelContract.mutateAsync({ unitId: unit.unitId, input: values });
      showSuccessToast(`The contract on ${unit.label} is cancelled: it is available again`);
      onDone();
    } catch (error) {
      showFailure(error, form.setErrors, setFailure);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {unit.sale
            ? `The contract with ${unit.sale.buyerName} falls through`
            : 'The contract falls through'}{' '}
          and {unit.label} is available for sale again.
        </Text>
        <Textarea
          label="Reason"
          description="Kept with the unit's history"
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
        <FormFoot
          failure={failure}
          onCancel={onDone}
          isSubmitting={cancelContract.isPending}
          submitLabel="Cancel contract"
          cancelLabel="Keep contract"
        />
      </Stack>
    </form>
  );
}

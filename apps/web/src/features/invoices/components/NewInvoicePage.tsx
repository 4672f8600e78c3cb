import { formatMoney, type VendorInvoiceInput } from '@commonwise/contracts';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { todayIn } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { ownCompanyQueryOptions } from '../../vendors/api.ts';
import {
  assignedWorkOrdersQueryOptions,
  awardedContractsQueryOptions,
  useSendInvoice,
  vendorInvoicePagePath,
  vendorInvoicesPagePath,
} from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { emptyLine, readLines, type DraftLine, type LineErrors } from '../line-editor.ts';
import { BackLink, LoadingLine } from './InvoiceBits.tsx';
import { LineEditor } from './LineEditor.tsx';

const standing = 'none';

/**
 * /vendor-portal/invoices/new: a vendor's invoice to one of the associations their company serves, for one
 * of their work orders or an awarded contract (or a standing agreement). Files are added once it is sent,
 * on its own page.
 */
export function NewInvoicePage() {
  const own = useQuery(ownCompanyQueryOptions);
  const workOrders = useQuery(assignedWorkOrdersQueryOptions);
  const contracts = useQuery(awardedContractsQueryOptions);
  const back = <BackLink to={vendorInvoicesPagePath()}>Invoices</BackLink>;
  const header = (
    <PageHeader
      title="Send an invoice"
      description="Invoice an association for a work order assigned to you or a contract awarded to your company."
    />
  );
  if (own.isPending || workOrders.isPending || contracts.isPending)
    return (
      <Stack maw={760}>
        {back}
        {header}
        <LoadingLine>Loading your work...</LoadingLine>
      </Stack>
    );
  const failed = [own, workOrders, contracts].find((query) => query.isError);
  if (failed)
    return (
      <Stack maw={760}>
        {back}
        {header}
        <ErrorState
          title="Failed to load your work"
          description={getErrorMessage(failed.error)}
          onRetry={() => {
            void own.refetch();
            void workOrders.refetch();
            void contracts.refetch();
          }}
          isRetrying={own.isFetching || workOrders.isFetching || contracts.isFetching}
        />
      </Stack>
    );
  const associations = new Map<string, { name: string; timeZone: string | null }>();
  for (const order of workOrders.data ?? [])
    associations.set(order.propertyId, { name: order.property.name, timeZone: null });
  for (const area of own.data?.company?.serviceAreas ?? [])
    associations.set(area.propertyId, { name: area.propertyName, timeZone: area.timeZone });
  return (
    <Stack maw={760}>
      {back}
      {header}
      {associations.size === 0 ? (
        <Text>
          Your company does not work for an association yet, so there is no one to invoice. The association’s
          manager adds your company to it.
        </Text>
      ) : (
        <InvoiceForm
          associations={[...associations].map(([id, { name, timeZone }]) => ({ id, name, timeZone }))}
          workOrders={(workOrders.data ?? []).map((order) => ({
            id: order.id,
            propertyId: order.propertyId,
            label: `${order.reference} · ${order.summary}`,
          }))}
          contracts={(contracts.data ?? []).map((contract) => ({
            id: contract.requestId,
            propertyName: contract.propertyName,
            label: contract.title,
            notToExceedCents: contract.bid?.amountCents ?? null,
          }))}
        />
      )}
    </Stack>
  );
}

interface Target {
  kind: 'workOrder' | 'bidRequest';
  id: string;
}

function InvoiceForm({
  associations,
  workOrders,
  contracts,
}: {
  associations: { id: string; name: string; timeZone: string | null }[];
  workOrders: { id: string; propertyId: string; label: string }[];
  contracts: { id: string; propertyName: string; label: string; notToExceedCents: number | null }[];
}) {
  const navigate = useNavigate();
  const send = useSendInvoice();
  const [propertyId, setPropertyId] = useState<string | null>(
    associations.length === 1 ? associations[0]!.id : null,
  );
  const [target, setTarget] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [invoiceDate, setInvoiceDate] = useState(() =>
    todayIn(associations.length === 1 ? associations[0]!.timeZone : null),
  );
  // The date follows the chosen association's day until the vendor types one.
  const [isDateTyped, setIsDateTyped] = useState(false);
  const [dueDate, setDueDate] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [exceedsReason, setExceedsReason] = useState('');
  const [isAboveLimit, setIsAboveLimit] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<LineErrors>({});

  const association = associations.find(({ id }) => id === propertyId);
  const targetOptions = association
    ? [
        {
          group: 'Work orders',
          items: workOrders
            .filter((order) => order.propertyId === association.id)
            .map((order) => ({ value: `workOrder:${order.id}`, label: order.label })),
        },
        {
          group: 'Contracts awarded to you',
          items: contracts
            .filter((contract) => contract.propertyName === association.name)
            .map((contract) => ({ value: `bidRequest:${contract.id}`, label: contract.label })),
        },
        {
          group: 'Other',
          items: [{ value: standing, label: 'A standing agreement (no work order or contract)' }],
        },
      ].filter((group) => group.items.length > 0)
    : [];
  const chosen: Target | null =
    target && target !== standing
      ? { kind: target.startsWith('workOrder:') ? 'workOrder' : 'bidRequest', id: target.split(':')[1]! }
      : null;
  const contract = chosen?.kind === 'bidRequest' ? contracts.find(({ id }) => id === chosen.id) : undefined;

  const submit = () => {
    const next: Record<string, string> = {};
    if (!propertyId) next.propertyId = 'Choose the association';
    if (!target) next.target = 'Choose what the invoice is for';
    if (!number.trim()) next.number = 'Enter your invoice number';
    if (!invoiceDate) next.invoiceDate = 'Enter the invoice date';
    if (dueDate && invoiceDate && dueDate < invoiceDate)
      next.dueDate = 'The due date must be on or after the invoice date';
    const read = readLines(lines);
    if (read.formError) next.lines = read.formError;
    setErrors(next);
    setLineErrors(read.errors);
    if (Object.keys(next).length > 0 || Object.keys(read.errors).length > 0) return;
    const input: VendorInvoiceInput = {
      propertyId: propertyId!,
      ...(chosen?.kind === 'workOrder' ? { workOrderId: chosen.id } : {}),
      ...(chosen?.kind === 'bidRequest' ? { bidRequestId: chosen.id } : {}),
      number: number.trim(),
      invoiceDate,
      ...(dueDate ? { dueDate } : {}),
      lines: read.lines,
      ...(exceedsReason.trim() ? { exceedsReason: exceedsReason.trim() } : {}),
    };
    send.mutate(input, {
      onSuccess: (invoice) => {
        showSuccessToast(`Invoice ${invoice.number} sent`);
        void navigate(vendorInvoicePagePath(invoice.id), { state: { justSent: true } });
      },
      onError: (failure) => {
        if (isApiRequestError(failure) && failure.code === 'EXPLAIN_ABOVE_LIMIT') setIsAboveLimit(true);
        const found = errorsFromFailure(failure, [
          'propertyId',
          'workOrderId',
          'bidRequestId',
          'number',
          'invoiceDate',
          'dueDate',
          'lines',
          'exceedsReason',
        ]);
        const target = found.workOrderId ?? found.bidRequestId;
        setErrors({ ...found, ...(target ? { target } : {}) });
      },
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Select
            label="Association"
            required
            placeholder="Choose an association"
            data={associations.map(({ id, name }) => ({ value: id, label: name }))}
            value={propertyId}
            onChange={(next) => {
              setPropertyId(next);
              setTarget(null);
              if (!isDateTyped)
                setInvoiceDate(todayIn(associations.find(({ id }) => id === next)?.timeZone ?? null));
            }}
            allowDeselect={false}
            error={errors.propertyId}
          />
          <Select
            label="For"
            required
            placeholder={association ? 'Choose a work order or contract' : 'Choose the association first'}
            disabled={!association}
            data={targetOptions}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            error={errors.target}
            comboboxProps={{ width: 'target' }}
          />
          {contract?.notToExceedCents ? (
            <Text size="sm" c="dimmed">
              Your awarded bid was {formatMoney(contract.notToExceedCents)}: above it (with your earlier
              invoices on it), say why.
            </Text>
          ) : null}
          <Group grow wrap="wrap" gap="md" align="flex-start">
            <TextInput
              label="Invoice number"
              description="Your own number"
              required
              maxLength={60}
              value={number}
              onChange={(event) => setNumber(event.currentTarget.value)}
              error={errors.number}
              miw={200}
            />
          </Group>
          <Group grow wrap="wrap" gap="md" align="flex-start">
            <TextInput
              type="date"
              label="Invoice date"
              required
              value={invoiceDate}
              onChange={(event) => {
                setInvoiceDate(event.currentTarget.value);
                setIsDateTyped(true);
              }}
              error={errors.invoiceDate}
              miw={150}
            />
            <TextInput
              type="date"
              label="Due date"
              value={dueDate}
              onChange={(event) => setDueDate(event.currentTarget.value)}
              error={errors.dueDate}
              miw={150}
            />
          </Group>
          <LineEditor lines={lines} onChange={setLines} errors={lineErrors} formError={errors.lines} />
          {isAboveLimit || errors.exceedsReason ? (
            <Textarea
              label="Why the amount is above the not-to-exceed"
              required
              rows={3}
              maxLength={1000}
              value={exceedsReason}
              onChange={(event) => setExceedsReason(event.currentTarget.value)}
              error={errors.exceedsReason}
            />
          ) : null}
          <Text size="sm" c="dimmed">
            Once it is sent you can attach the invoice itself, receipts and photos of the work.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { vendorTradeLabels, vendorTrades, type VendorTrade } from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { workOrderQueryOptions } from '../../work-orders/api.ts';
import {
  bidAssociationsQueryOptions,
  bidRequestPagePath,
  bidsPagePath,
  bidWorkOrdersQueryOptions,
  useCreateBidRequest,
} from '../api.ts';
import {
  fieldErrorsFrom,
  readRequestForm,
  type FieldErrors,
  type RequestFormField,
  type RequestFormValues,
} from '../forms.ts';
import { zoneAbbreviation, zonedLocalOf } from '../labels.ts';
import { ChosenCompaniesInsurance, CompanyPicker } from './CompanyPicker.tsx';

const formFields: RequestFormField[] = [
  'title',
  'scope',
  'trade',
  'workOrderId',
  'siteVisitFrom',
  'siteVisitTo',
  'dueAt',
  'notToExceed',
  'companyIds',
];
const tradeOptions = vendorTrades.map((trade) => ({ value: trade, label: vendorTradeLabels[trade] }));
const serverRenames = { notToExceedCents: 'notToExceed' } as const;

const tradeOf = (category: string): VendorTrade | null =>
  (vendorTrades as readonly string[]).includes(category) ? (category as VendorTrade) : null;

/**
 * /bids/new (issue 24 item 2): a manager requests bids for a work order (prefilled from it when opened
 * from the work order) or a project. Photos and plans are added on the request's page once it exists.
 */
export function NewBidRequestPage() {
  const [searchParams] = useSearchParams();
  const workOrderId = searchParams.get('workOrderId');
  const associations = useQuery(bidAssociationsQueryOptions);
  const workOrder = useQuery({ ...workOrderQueryOptions(workOrderId ?? ''), enabled: Boolean(workOrderId) });
  const back = (
    <Anchor component={Link} to={bidsPagePath} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Bids
      </Group>
    </Anchor>
  );
  const pending = associations.isPending || (workOrderId !== null && workOrder.isPending);
  const failed = associations.isError ? associations : workOrderId && workOrder.isError ? workOrder : null;
  return (
    <Stack gap="md" maw={820}>
      {back}
      <PageHeader
        title="Request bids"
        description="Ask chosen companies for quotes. Each sees only its own invitation; bids stay sealed until they are due."
      />
      {pending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading...</Text>
        </Group>
      ) : failed ? (
        <ErrorState
          title={
            associations.isError
              ? 'Your associations could not be loaded'
              : 'The work order could not be loaded'
          }
          description={getErrorMessage(failed.error)}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      ) : (
        <RequestForm
          associations={associations.data?.properties ?? []}
          initialPropertyId={workOrder.data?.workOrder.propertyId ?? searchParams.get('propertyId')}
          prefill={
            workOrder.data
              ? {
                  workOrderId: workOrder.data.workOrder.id,
                  title: workOrder.data.workOrder.summary,
                  trade: tradeOf(workOrder.data.workOrder.mainCategory),
                }
              : null
          }
        />
      )}
    </Stack>
  );
}

function RequestForm({
  associations,
  initialPropertyId,
  prefill,
}: {
  associations: { id: string; name: string; timeZone: string }[];
  initialPropertyId: string | null;
  prefill: { workOrderId: string; title: string; trade: VendorTrade | null } | null;
}) {
  const navigate = useNavigate();
  const [propertyId, setPropertyId] = useState(
    associations.find((item) => item.id === initialPropertyId)?.id ?? associations[0]?.id ?? null,
  );
  const association = associations.find((item) => item.id === propertyId) ?? null;
  const timeZone = association?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [values, setValues] = useState<RequestFormValues>(() => ({
    title: prefill?.title ?? '',
    scope: '',
    trade: prefill?.trade ?? null,
    workOrderId: prefill?.workOrderId ?? null,
    siteVisitFrom: '',
    siteVisitTo: '',
    // A week from now at 5 PM on the association's clock: a usual answer, changed at will.
    dueAt: `${zonedLocalOf(Date.now() + 7 * 86_400_000, timeZone).slice(0, 10)}T17:00`,
    notToExceed: '',
    companyIds: [],
  }));
  const [errors, setErrors] = useState<FieldErrors<RequestFormField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBidRequest(propertyId ?? '');
  const workOrders = useQuery(bidWorkOrdersQueryOptions);

  if (!association)
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">You run no association where you could request bids.</Text>
      </Paper>
    );

  const change = <Key extends RequestFormField>(key: Key, value: RequestFormValues[Key]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const zone = `On the association’s clock (${zoneAbbreviation(timeZone)}, ${timeZone})`;
  const workOrderOptions = (workOrders.data?.workOrders ?? [])
    .filter(
      (order) =>
        order.propertyId === association.id && order.status !== 'completed' && order.status !== 'cancelled',
    )
    .map((order) => ({ value: order.id, label: `${order.reference} · ${order.summary}` }));
  if (prefill && !workOrderOptions.some((option) => option.value === prefill.workOrderId))
    workOrderOptions.unshift({ value: prefill.workOrderId, label: prefill.title });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const read = readRequestForm(values, timeZone);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    create.mutate(read.input, {
      onSuccess: (request) => {
        showSuccessToast('Bids requested: each company invited is told');
        void navigate(bidRequestPagePath(request.propertyId, request.id), { state: { created: true } });
      },
      onError: (error) => {
        const fromServer = fieldErrorsFrom(
          isApiRequestError(error) ? error.fields : undefined,
          serverRenames,
          formFields,
        );
        setErrors(fromServer);
        setFailure(getErrorMessage(error));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {associations.length > 1 && !prefill ? (
            <Select
              label="Association"
              data={associations.map((item) => ({ value: item.id, label: item.name }))}
              value={association.id}
              onChange={(value) => {
                setPropertyId(value);
                change('companyIds', []);
                change('workOrderId', null);
              }}
              allowDeselect={false}
            />
          ) : (
            <Text size="sm">
              <Text span c="dimmed">
                Association:{' '}
              </Text>
              {association.name}
            </Text>
          )}
          <TextInput
            label="Title"
            required
            maxLength={160}
            value={values.title}
            onChange={(event) => change('title', event.currentTarget.value)}
            error={errors.title}
          />
          <Textarea
            label="Scope of work"
            description="What the companies quote for: the work, materials, access, constraints."
            required
            autosize
            minRows={4}
            maxLength={5000}
            value={values.scope}
            onChange={(event) => change('scope', event.currentTarget.value)}
            error={errors.scope}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Trade"
              required
              data={tradeOptions}
              value={values.trade}
              onChange={(value) => {
                change('trade', value as VendorTrade | null);
                change('companyIds', []);
              }}
              searchable
              error={errors.trade}
            />
            <Select
              label="Work order"
              description={prefill ? undefined : 'Optional: leave empty for a project of its own.'}
              placeholder={workOrders.isPending ? 'Loading work orders...' : 'No work order (a project)'}
              data={workOrderOptions}
              value={values.workOrderId}
              onChange={(value) => change('workOrderId', value)}
              clearable={!prefill}
              disabled={Boolean(prefill)}
              searchable
              nothingFoundMessage="No open work order found"
              error={
                errors.workOrderId ??
                (workOrders.isError
                  ? `The work orders could not be loaded: ${getErrorMessage(workOrders.error)}`
                  : undefined)
              }
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label="Site visit from"
              description={`Optional. ${zone}`}
              value={values.siteVisitFrom}
              onChange={(event) => change('siteVisitFrom', event.currentTarget.value)}
              error={errors.siteVisitFrom}
            />
            <TextInput
              type="datetime-local"
              label="Site visit until"
              description={zone}
              value={values.siteVisitTo}
              onChange={(event) => change('siteVisitTo', event.currentTarget.value)}
              error={errors.siteVisitTo}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label="Bids due"
              required
              description={zone}
              value={values.dueAt}
              onChange={(event) => change('dueAt', event.currentTarget.value)}
              error={errors.dueAt}
            />
            <TextInput
              label="Not to exceed"
              description="Optional, in dollars. A bid above it must explain why."
              leftSection="$"
              inputMode="decimal"
              placeholder="4,500"
              value={values.notToExceed}
              onChange={(event) => change('notToExceed', event.currentTarget.value)}
              error={errors.notToExceed}
            />
          </SimpleGrid>
          <CompanyPicker
            propertyId={association.id}
            trade={values.trade}
            value={values.companyIds}
            onChange={(ids) => change('companyIds', ids)}
            error={errors.companyIds}
          />
          <ChosenCompaniesInsurance
            propertyId={association.id}
            trade={values.trade}
            ids={values.companyIds}
          />
          <Text size="sm" c="dimmed">
            Photos and plans are added on the request’s page once it is created.
          </Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert" title="The request was not created">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={bidsPagePath} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Request bids
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

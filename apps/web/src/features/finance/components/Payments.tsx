import { formatMoney, paymentMethodLabels, paymentStatusLabels, type Payment } from '@commonwise/contracts';
import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { paymentsPageSize, paymentsQueryOptions, useReturnPayment } from '../api.ts';
import { centsFromDollars } from '../money-input.ts';

const statusColors: Record<Payment['status'], string> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
  reversed: 'red',
};

function HowPaid({ payment }: { payment: Payment }) {
  const reference = payment.reference
    ? `${payment.method === 'check' ? ' no. ' : ' · '}${payment.reference}`
    : '';
  return (
    <>
      <Text size="sm" span style={{ display: 'block' }}>
        {paymentMethodLabels[payment.method]}
        {reference}
      </Text>
      {payment.failureReason ? (
        <Text size="xs" c="dimmed" span style={{ display: 'block' }}>
          {payment.failureReason}
        </Text>
      ) : null}
    </>
  );
}

/** Each charge the payment paid, and the credit it left. */
function WhereItWent({ payment }: { payment: Payment }) {
  if (payment.allocations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {payment.allocations.map((allocation, index) => (
        <Text key={`${allocation.chargeId ?? 'credit'}-${index}`} size="sm">
          {allocation.description}: {formatMoney(allocation.amountCents)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The payments received for the association, newest first, each with where it went. Managers record
 * them (on the page) and say when one came back: its charges are owed again.
 */
export function Payments({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="payments-received">
      <Title order={2} size="h4" id="payments-received">
        Payments received
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Newest first, with the charges each one paid and any credit it left.
      </Text>
      <PaymentList
        caption="Payments received"
        queryFor={(page) => paymentsQueryOptions(propertyId, page)}
        returnIn={canWrite ? propertyId : null}
        showUnit
      />
    </Card>
  );
}

/**
 * Payments a page at a time: an association's (its books' readers) or one unit's (its owner); the query
 * says which. With `returnIn`, a manager can say one came back.
 */
export function PaymentList({
  caption,
  queryFor,
  returnIn,
  showUnit,
}: {
  caption: string;
  queryFor: (page: number) => ReturnType<typeof paymentsQueryOptions>;
  returnIn: string | null;
  showUnit: boolean;
}) {
  const [page, setPage] = useState(1);
  const [returning, setReturning] = useState<Payment | null>(null);
  const { data, isPending, isError, refetch } = useQuery(queryFor(page));

  const columns: Column<Payment>[] = [
    { key: 'date', label: 'Received', render: (payment) => formatDate(payment.receivedOn) },
    ...(showUnit ? [{ key: 'unit', label: 'Unit', render: (payment: Payment) => payment.unit.label }] : []),
    { key: 'how', label: 'How', render: (payment) => <HowPaid payment={payment} /> },
    {
      key: 'amount',
      label: 'Amount',
      align: 'right',
      render: (payment) => formatMoney(payment.amountCents),
    },
    {
      key: 'status',
      label: 'Status',
      render: (payment) => (
        <Badge variant="light" color={statusColors[payment.status]}>
          {paymentStatusLabels[payment.status]}
        </Badge>
      ),
    },
    { key: 'went', label: 'Where it went', render: (payment) => <WhereItWent payment={payment} /> },
    ...(returnIn
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (payment: Payment) =>
              payment.status === 'succeeded' ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setReturning(payment)}
                  aria-label={`Payment from unit ${payment.unit.label} came back`}
                >
                  Came back
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  if (isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the payments...
        </Text>
      </Group>
    );
  if (isError)
    return <ErrorState title="Failed to load the payments" onRetry={() => void refetch()} headingOrder={3} />;
  return (
    <>
      {data.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment has been received yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <ResponsiveTable
            caption={caption}
            columns={columns}
            rows={data.payments}
            rowKey={(payment) => payment.id}
            titleColumn={showUnit ? 'unit' : 'date'}
          />
          <ListPager
            noun="payments"
            page={page}
            pageSize={paymentsPageSize}
            total={data.total}
            onChange={setPage}
          />
        </Stack>
      )}
      {returning && returnIn ? (
        <ReturnDialog propertyId={returnIn} payment={returning} onClose={() => setReturning(null)} />
      ) : null}
    </>
  );
}

/** A payment that came back: bounced, or a bank debit returned. Its charges are owed again. */
function ReturnDialog({
  propertyId,
  payment,
  onClose,
}: {
  propertyId: string;
  payment: Payment;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [fee, setFee] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; returnedFeeCents?: string; form?: string }>({});
  const giveBack = useReturnPayment(propertyId);

  const submit = () => {
    const feeCents = fee.trim() ? centsFromDollars(fee) : null;
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = 'Say why the payment came back';
    if (fee.trim() && (feeCents === null || feeCents <= 0))
      found.returnedFeeCents = 'Enter a fee in dollars and cents, like 25.00, or leave it blank';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    giveBack.mutate(
      { paymentId: payment.id, reason: reason.trim(), ...(feeCents ? { returnedFeeCents: feeCents } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(
            `The payment from unit ${payment.unit.label} is returned: its charges are owed again`,
          );
          onClose();
        },
        onError: (failure) =>
          setErrors(
            isApiRequestError(failure)
              ? { ...(failure.fields ?? {}), form: failure.fields ? undefined : failure.message }
              : { form: 'Something went wrong. Please try again.' },
          ),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="A payment came back" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            {formatMoney(payment.amountCents)} from unit {payment.unit.label}, received{' '}
            {formatDate(payment.receivedOn)}. Its entries are reversed and the charges it paid are owed again.
          </Text>
          <TextInput
            label="Why it came back"
            required
            placeholder="Check returned: insufficient funds"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            maxLength={300}
          />
          <TextInput
            label="Returned-payment fee"
            description="Only if the association’s documents provide one"
            leftSection="$"
            inputMode="decimal"
            value={fee}
            onChange={(event) => setFee(event.currentTarget.value)}
            error={errors.returnedFeeCents}
          />
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={giveBack.isPending}>
              Return the payment
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

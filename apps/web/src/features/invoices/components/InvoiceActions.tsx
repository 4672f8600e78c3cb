import {
  formatMoney as formatAmount,
  fundLabels,
  invoicePaymentMethodLabels,
  invoicePaymentMethods,
  type Invoice,
  type InvoicePaymentMethod,
} from '@commonwise/contracts';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  expenseAccountsQueryOptions,
  useApproveInvoice,
  useRecordInvoicePayment,
  useRejectInvoice,
  useStartReview,
  useVoidInvoicePayment,
} from '../api.ts';
import { todayIn } from '../../../lib/format.ts';
import { useAssociationToday } from '../../properties/api.ts';
import { errorsFromFailure } from '../form-errors.ts';

type Dialog = 'approve' | 'reject' | 'pay' | 'void' | null;

/** The buttons the caller's rights allow, in the order of the invoice's life; none is shown otherwise. */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const review = useStartReview(invoice.propertyId, invoice.id);
  const approve = useApproveInvoice(invoice.propertyId, invoice.id);
  const { can } = invoice;
  const hasAny = can.review || can.approve || can.reject || can.recordPayment || can.voidPayment;
  return (
    <Stack gap="xs" align="flex-start">
      {hasAny ? (
        <Group gap="sm" wrap="wrap">
          {can.review ? (
            <Button
              loading={review.isPending}
              onClick={() =>
                review.mutate(undefined, {
                  onSuccess: () => showSuccessToast('Review started; the vendor is told'),
                  onError: (error) => showFailureToast('The review could not start', error),
                })
              }
            >
              Start review
            </Button>
          ) : null}
          {can.approve ? (
            <Button color="teal.9" onClick={() => setDialog('approve')}>
              Approve
            </Button>
          ) : null}
          {can.recordPayment ? <Button onClick={() => setDialog('pay')}>Record payment</Button> : null}
          {can.reject ? (
            <Button variant="default" c="red.9" onClick={() => setDialog('reject')}>
              Reject
            </Button>
          ) : null}
          {can.voidPayment ? (
            <Button variant="default" c="red.9" onClick={() => setDialog('void')}>
              Void payment
            </Button>
          ) : null}
        </Group>
      ) : null}
      {invoice.status === 'in_review' && !can.approve && invoice.approveBlockedBecause ? (
        <Text size="sm" c="dimmed">
          {invoice.approveBlockedBecause}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={dialog === 'approve'}
        title={`Approve invoice ${invoice.number}`}
        confirmLabel="Approve"
        confirmColor="teal.9"
        isConfirming={approve.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          approve.mutate(undefined, {
            onSuccess: (next) => {
              showSuccessToast(
                next.status === 'approved'
                  ? 'Approved: the invoice is ready to be paid'
                  : `Your approval is recorded. ${next.stillNeeded ?? ''}`.trim(),
              );
              setDialog(null);
            },
            onError: (error) => {
              showFailureToast('The approval was not recorded', error);
              setDialog(null);
            },
          })
        }
      >
        <Stack gap="xs">
          <Text>
            {invoice.company.name}’s invoice for {formatAmount(invoice.amountCents)} needs:{' '}
            {invoice.approvalRule.summary}.
          </Text>
          {invoice.stillNeeded ? <Text fw={600}>Still needed: {invoice.stillNeeded}.</Text> : null}
        </Stack>
      </ConfirmDialog>
      {dialog === 'reject' ? <RejectDialog invoice={invoice} onClose={() => setDialog(null)} /> : null}
      {dialog === 'pay' ? <PaymentDialog invoice={invoice} onClose={() => setDialog(null)} /> : null}
      {dialog === 'void' ? <VoidPaymentDialog invoice={invoice} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

function RejectDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const reject = useRejectInvoice(invoice.propertyId, invoice.id);
  return (
    <ReasonDialog
      title={`Reject invoice ${invoice.number}`}
      description="The vendor reads it, so they can correct the invoice and send it again."
      missing="Say why the invoice is rejected, so the vendor can correct it"
      submitLabel="Reject invoice"
      mutation={reject}
      succeeded="Invoice rejected; the vendor is told why"
      onClose={onClose}
    />
  );
}

/**
 * Voiding a payment recorded by mistake (or a check lost, never cashed): its entry is reversed in the
 * books today and the invoice is approved again, to be paid anew.
 */
function VoidPaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const voidPayment = useVoidInvoicePayment(invoice.propertyId, invoice.id);
  const { payment } = invoice;
  return (
    <ReasonDialog
      title={`Void the payment of ${invoice.number}`}
      intro={
        <Text size="sm">
          {payment
            ? `Journal entry #${payment.journalEntryNumber} (${formatAmount(invoice.amountCents)}) is reversed in the books today; both entries stay. `
            : ''}
          The invoice is approved again, to be paid anew, and {invoice.company.name} is told why.
        </Text>
      }
      description="For example: the check was lost, or the payment was recorded twice. The vendor reads it."
      missing="Say why the payment is voided"
      submitLabel="Void payment"
      mutation={voidPayment}
      succeeded="Payment voided: the invoice is approved again and the vendor is told"
      onClose={onClose}
    />
  );
}

/** A step that needs a reason the vendor reads (rejecting, voiding a payment): asked for, then sent. */
function ReasonDialog({
  title,
  intro,
  description,
  missing,
  submitLabel,
  mutation,
  succeeded,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  description: string;
  /** Said when no reason is given. */
  missing: string;
  submitLabel: string;
  mutation: UseMutationResult<Invoice, Error, string>;
  succeeded: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <PortalModal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setErrors({ reason: missing });
            return;
          }
          mutation.mutate(reason.trim(), {
            onSuccess: () => {
              showSuccessToast(succeeded);
              onClose();
            },
            onError: (failure) => setErrors(errorsFromFailure(failure, ['reason'])),
          });
        }}
      >
        <Stack gap="md">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          {intro}
          <Textarea
            label="Reason"
            description={description}
            required
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

function PaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const pay = useRecordInvoicePayment(invoice.propertyId, invoice.id);
  const accounts = useQuery(expenseAccountsQueryOptions(invoice.propertyId));
  // The association's today until a day is typed: a manager elsewhere (or past midnight) is not refused.
  const { today } = useAssociationToday(invoice.propertyId);
  const [typedPaidOn, setPaidOn] = useState<string | null>(null);
  const paidOn = typedPaidOn ?? today ?? todayIn();
  const [method, setMethod] = useState<InvoicePaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const next: Record<string, string> = {};
    if (!paidOn) next.paidOn = 'Enter the day it was paid';
    if (method === 'check' && !reference.trim()) next.reference = 'Give the check number';
    if (!accountId) next.expenseAccountId = 'Choose the expense account';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    pay.mutate(
      {
        paidOn,
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        expenseAccountId: accountId!,
      },
      {
        onSuccess: (paid) => {
          showSuccessToast(
            paid.payment
              ? `Payment recorded: journal entry #${paid.payment.journalEntryNumber}`
              : 'Payment recorded',
          );
          onClose();
        },
        onError: (failure) =>
          setErrors(errorsFromFailure(failure, ['paidOn', 'method', 'reference', 'expenseAccountId'])),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title={`Record the payment of ${invoice.number}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {formatAmount(invoice.amountCents)} to {invoice.company.name}. The expense is posted to the
            association’s books, paid from the cash of the account’s fund.
          </Text>
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            type="date"
            label="Paid on"
            required
            value={paidOn}
            onChange={(event) => setPaidOn(event.currentTarget.value)}
            error={errors.paidOn}
          />
          <Select
            label="Method"
            required
            allowDeselect={false}
            data={invoicePaymentMethods.map((value) => ({
              value,
              label: invoicePaymentMethodLabels[value],
            }))}
            value={method}
            onChange={(next) => {
              if (next) setMethod(next as InvoicePaymentMethod);
            }}
            error={errors.method}
          />
          <TextInput
            label={method === 'check' ? 'Check number' : 'Transfer reference'}
            required={method === 'check'}
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
          />
          <Select
            label="Expense account"
            required
            searchable
            placeholder={accounts.isPending ? 'Loading accounts...' : 'Choose an account'}
            nothingFoundMessage="No expense account matches"
            data={(accounts.data ?? []).map((account) => ({
              value: account.id,
              label: `${account.code} · ${account.name} (${fundLabels[account.fund]})`,
            }))}
            value={accountId}
            onChange={setAccountId}
            error={
              errors.expenseAccountId ??
              (accounts.isError
                ? `The accounts could not be loaded: ${getErrorMessage(accounts.error)}`
                : undefined)
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pay.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={pay.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

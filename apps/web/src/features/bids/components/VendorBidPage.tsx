import { bidFilesMax, formatMoney, vendorTradeLabels, type VendorBidInvitation } from '@commonwise/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { MessageComposer } from '../../../components/MessageComposer.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { AttachmentGallery, FilesPanel } from '../../attachments/index.ts';
import { dollarsTextOf } from '../../finance/api.ts';
import {
  usePostOwnMessage,
  useDeclineInvitation,
  useRefreshVendorBid,
  useSubmitBid,
  useWithdrawBid,
  vendorBidQueryOptions,
  vendorBidsPagePath,
} from '../api.ts';
import { newVendorInvoicePagePath } from '../../invoices/index.ts';
import {
  fieldErrorsFrom,
  isAboveNotToExceed,
  readBidForm,
  type BidFormField,
  type BidFormValues,
  type FieldErrors,
} from '../forms.ts';
import { dueRelative, formatMomentIn, formatWindowIn } from '../labels.ts';
import {
  BidStatusBadge,
  Facts,
  InvitationStatusBadge,
  notToExceedText,
  RequestStatusBadge,
} from './BidBits.tsx';
import { ThreadMessages } from './BidThread.tsx';

/**
 * /vendor-portal/bids/:invitationId (issue 24 items 2 and 4): an invitation as the company's people see
 * it, on a phone at the site as well as at a desk: the request, their own bid (submitted, revised,
 * withdrawn until the due time), declining, and their questions to the managers.
 */
export function VendorBidPage({ invitationId }: { invitationId: string }) {
  const invitation = useQuery(vendorBidQueryOptions(invitationId));
  const back = (
    <Anchor component={Link} to={vendorBidsPagePath()} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Bid invitations
      </Group>
    </Anchor>
  );
  if (!invitation.data)
    return (
      <DetailLoadState
        query={invitation}
        what="invitation"
        back={back}
        notFoundDescription="It does not exist, or it was not sent to your company."
      />
    );
  return <InvitationView invitation={invitation.data} back={back} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `vendor-bid-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={id}
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function InvitationView({ invitation, back }: { invitation: VendorBidInvitation; back: ReactNode }) {
  const { request, bid } = invitation;
  const refresh = useRefreshVendorBid(invitation.invitationId);
  const bidFiles = useQuery({
    ...vendorBidQueryOptions(invitation.invitationId),
    select: (data) => ({ attachments: data.bid?.files ?? [] }),
  });
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const [isDeclining, setIsDeclining] = useState(false);
  const withdraw = useWithdrawBid(invitation.invitationId);
  const hasLiveBid = bid !== null && bid.status === 'submitted';
  const facts = [
    { label: 'Association', value: request.propertyName },
    { label: 'Where', value: request.propertyAddress },
    { label: 'Trade', value: vendorTradeLabels[request.trade] },
    { label: 'Bids due', value: formatMomentIn(request.dueAt, request.timeZone) },
    { label: 'Not to exceed', value: notToExceedText(request.notToExceedCents) },
    ...(request.siteVisitFrom && request.siteVisitTo
      ? [
          {
            label: 'Site visit',
            value: formatWindowIn(request.siteVisitFrom, request.siteVisitTo, request.timeZone),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="md" maw={820}>
      {back}
      <PageHeader
        title={request.title}
        documentTitle={`${request.title} · Bid invitation`}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            {request.status !== 'open' ? (
              <RequestStatusBadge status={request.status} />
            ) : (
              <InvitationStatusBadge status={invitation.status} />
            )}
            <Text span size="sm" c="dimmed">
              {invitation.isTakingBids
                ? dueRelative(request.dueAt)
                : `Bids were due ${formatMomentIn(request.dueAt, request.timeZone)}`}
            </Text>
          </Group>
        }
      />
      {request.status === 'cancelled' ? (
        <Alert color="gray" variant="light" title="The association cancelled this request" role="status">
          {request.cancelReason ?? 'No reason was given.'}
        </Alert>
      ) : invitation.status === 'declined' ? (
        <Alert color="gray" variant="light" title="Your company declined this invitation" role="status">
          {invitation.declineReason ? `“${invitation.declineReason}”` : 'No reason was given.'}
        </Alert>
      ) : bid?.status === 'awarded' ? (
        <Alert color="green" variant="light" title="Your bid was awarded" role="status">
          {request.isForWorkOrder ? (
            'The work is yours: you are assigned to it and its work room.'
          ) : (
            <>
              The contract is yours. When the work is done,{' '}
              <Anchor component={Link} to={newVendorInvoicePagePath}>
                send an invoice
              </Anchor>{' '}
              for it.
            </>
          )}
        </Alert>
      ) : bid?.status === 'not_awarded' ? (
        <Alert color="gray" variant="light" title="Another bid was chosen" role="status">
          Thank you for bidding.
        </Alert>
      ) : !invitation.isTakingBids && request.status === 'open' ? (
        <Alert color="gray" variant="light" title="Bids are closed" role="status">
          The due time has passed: bids can no longer be submitted or changed.
        </Alert>
      ) : null}
      <Facts facts={facts} />
      <Section title="Scope of work">
        <Stack gap="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.scope}
          </Text>
          {request.files.length > 0 ? <AttachmentGallery attachments={request.files} /> : null}
        </Stack>
      </Section>
      <Section title="Your bid">
        <Stack gap="md">
          {bid ? (
            <Group gap="xs" wrap="wrap">
              <BidStatusBadge status={bid.status} />
              <Text size="sm" c="dimmed">
                {bid.status === 'withdrawn' ? 'Withdrawn' : `${formatMoney(bid.amountCents)}, updated`}{' '}
                {formatMomentIn(bid.updatedAt, request.timeZone)}
                {bid.submittedBy ? ` by ${bid.submittedBy.fullName}` : ''}
              </Text>
            </Group>
          ) : null}
          {invitation.isTakingBids && invitation.status !== 'declined' ? (
            <BidForm key={bid?.updatedAt ?? 'new'} invitation={invitation} />
          ) : bid && bid.status !== 'withdrawn' ? (
            <Facts
              facts={[
                { label: 'Amount', value: formatMoney(bid.amountCents) },
                { label: 'Timeline', value: bid.timeline },
                ...(bid.terms ? [{ label: 'Terms', value: bid.terms }] : []),
                ...(bid.exceedsReason
                  ? [{ label: 'Why above the not-to-exceed', value: bid.exceedsReason }]
                  : []),
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Your company has no bid on this request.
            </Text>
          )}
          {hasLiveBid ? (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                Files with your bid
              </Text>
              <FilesPanel
                files={bidFiles}
                target={{ bidId: bid.id }}
                canChange={invitation.isTakingBids}
                max={bidFilesMax}
                hint="A quote as a PDF, a drawing: the managers see them once bids open."
                emptyText="No files."
                addLabel="Add a file"
                onChanged={refresh}
              />
            </Stack>
          ) : null}
          {invitation.isTakingBids && invitation.status !== 'declined' ? (
            <Group gap="sm" wrap="wrap">
              {hasLiveBid ? (
                <Button variant="default" color="red" onClick={() => setIsWithdrawing(true)}>
                  Withdraw bid
                </Button>
              ) : null}
              <Button variant="subtle" color="gray" onClick={() => setIsDeclining(true)}>
                Decline invitation
              </Button>
            </Group>
          ) : null}
          {!hasLiveBid && invitation.isTakingBids && invitation.status !== 'declined' ? (
            <Text size="xs" c="dimmed">
              Files (a quote as a PDF, a drawing) can be added once your bid is submitted.
            </Text>
          ) : null}
        </Stack>
      </Section>
      <QuestionsSection invitation={invitation} />
      <ConfirmDialog
        opened={isWithdrawing}
        title="Withdraw your bid?"
        confirmLabel="Withdraw bid"
        isConfirming={withdraw.isPending}
        onClose={() => setIsWithdrawing(false)}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              showSuccessToast('Bid withdrawn: you may bid again until the due time');
              setIsWithdrawing(false);
            },
            onError: (error) => {
              setIsWithdrawing(false);
              showFailureToast('Your bid was not withdrawn', error);
            },
          })
        }
      >
        {`The managers no longer see it. You may bid again until ${formatMomentIn(request.dueAt, request.timeZone)}.`}
      </ConfirmDialog>
      {isDeclining ? <DeclineDialog invitation={invitation} onClose={() => setIsDeclining(false)} /> : null}
    </Stack>
  );
}

function BidForm({ invitation }: { invitation: VendorBidInvitation }) {
  const { bid, request } = invitation;
  const submitBid = useSubmitBid(invitation.invitationId);
  const live = bid && bid.status === 'submitted' ? bid : null;
  const [values, setValues] = useState<BidFormValues>({
    amount: live ? dollarsTextOf(live.amountCents) : '',
    timeline: live?.timeline ?? '',
    terms: live?.terms ?? '',
    exceedsReason: live?.exceedsReason ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<BidFormField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isAbove = isAboveNotToExceed(values.amount, request.notToExceedCents);
  const change = (key: BidFormField, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const read = readBidForm(values, request.notToExceedCents);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    submitBid.mutate(read.input, {
      onSuccess: () =>
        showSuccessToast(live ? 'Bid updated' : 'Bid submitted: the managers see it once bids are due'),
      onError: (error) => {
        const fields = isApiRequestError(error) ? error.fields : undefined;
        const fromServer = fieldErrorsFrom<BidFormField>(fields, { amountCents: 'amount' }, [
          'amount',
          'timeline',
          'terms',
          'exceedsReason',
        ]);
        if (isApiRequestError(error) && error.code === 'EXPLAIN_ABOVE_LIMIT')
          fromServer.exceedsReason = error.message;
        setErrors(fromServer);
        setFailure(getErrorMessage(error));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Your bid">
      <Stack gap="sm">
        <TextInput
          label="Amount"
          description={
            request.notToExceedCents !== null
              ? `Not to exceed ${formatMoney(request.notToExceedCents)}: above it, explain why.`
              : 'The total for the work, in dollars.'
          }
          required
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => change('amount', event.currentTarget.value)}
          error={errors.amount}
        />
        <Textarea
          label="Timeline"
          description="When you can start and how long the work takes."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={values.timeline}
          onChange={(event) => change('timeline', event.currentTarget.value)}
          error={errors.timeline}
        />
        <Textarea
          label="Terms"
          description="Optional: payment terms, warranty, what is not included."
          autosize
          minRows={2}
          maxLength={5000}
          value={values.terms}
          onChange={(event) => change('terms', event.currentTarget.value)}
          error={errors.terms}
        />
        {isAbove ? (
          <Textarea
            label="Why is your bid above the not-to-exceed?"
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={values.exceedsReason}
            onChange={(event) => change('exceedsReason', event.currentTarget.value)}
            error={errors.exceedsReason}
          />
        ) : null}
        {failure ? (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={submitBid.isPending} fullWidth={false}>
            {live ? 'Update bid' : 'Submit bid'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          You may change your bid until {formatMomentIn(request.dueAt, request.timeZone)}. No other company
          sees it.
        </Text>
      </Stack>
    </form>
  );
}

function DeclineDialog({ invitation, onClose }: { invitation: VendorBidInvitation; onClose: () => void }) {
  const decline = useDeclineInvitation(invitation.invitationId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    decline.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
      onSuccess: () => {
        showSuccessToast('Invitation declined; the managers are told');
        onClose();
      },
      onError: (failure) =>
        setError(
          isApiRequestError(failure) && failure.fields?.reason
            ? failure.fields.reason
            : getErrorMessage(failure),
        ),
    });
  return (
    <PortalModal opened onClose={onClose} title="Decline this invitation?" centered>
      <Stack gap="md">
        <Text size="sm">
          {invitation.bid?.status === 'submitted'
            ? 'Your bid is withdrawn with it, and you cannot bid on this request again.'
            : 'You cannot bid on this request afterwards.'}
        </Text>
        <Textarea
          label="Reason (optional)"
          description="The managers read it."
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decline.isPending}>
            Keep the invitation
          </Button>
          <Button color="red.9" loading={decline.isPending} onClick={submit}>
            Decline
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}

function QuestionsSection({ invitation }: { invitation: VendorBidInvitation }) {
  const post = usePostOwnMessage(invitation.invitationId);
  const canAsk = invitation.request.status === 'open' && invitation.status !== 'declined';
  return (
    <Section title="Questions">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Ask the association’s managers about the work. Only your company and the association read this
          thread.
        </Text>
        {invitation.messageCount > invitation.messages.length ? (
          <Text size="xs" c="dimmed">
            The latest {invitation.messages.length} of {invitation.messageCount} messages.
          </Text>
        ) : null}
        <ThreadMessages
          messages={invitation.messages}
          ownSide="vendor"
          companyName={invitation.company.name}
          emptyText="No questions yet."
          timeZone={invitation.request.timeZone}
        />
        {canAsk ? (
          <MessageComposer
            placeholder="Ask a question..."
            isFocusedOnOpen={false}
            isSending={post.isPending}
            error={post.isError ? getErrorMessage(post.error) : null}
            onSend={async (body) => {
              try {
                await post.mutateAsync(body);
                return true;
              } catch {
                return false;
              }
            }}
          />
        ) : null}
      </Stack>
    </Section>
  );
}

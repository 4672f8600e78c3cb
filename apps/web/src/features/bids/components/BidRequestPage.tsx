import {
  bidRequestFilesMax,
  formatMoney,
  vendorTradeLabels,
  type Attachment,
  type BidRequest,
} from '@commonwise/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { FilesPanel } from '../../attachments/index.ts';
import { decisionPagePath } from '../../decisions/api.ts';
import { StandingBadge } from '../../vendors/index.ts';
import { managerWorkOrderPath } from '../../vendors/api.ts';
import {
  bidAssociationsQueryOptions,
  bidRequestQueryOptions,
  bidsPagePath,
  useCancelBidRequest,
  useInviteCompanies,
  useRefreshBidRequest,
} from '../api.ts';
import { compareBids, type ComparisonRow } from '../comparison.ts';
import { dueRelative, formatMomentIn, formatWindowIn } from '../labels.ts';
import { AwardDialog, type AwardChoice } from './AwardDialog.tsx';
import {
  BidStatusBadge,
  Facts,
  InvitationStatusBadge,
  notToExceedText,
  RequestStatusBadge,
} from './BidBits.tsx';
import { StaffThreadDialog } from './BidThread.tsx';
import { CompanyPicker } from './CompanyPicker.tsx';

/**
 * /bids/:propertyId/:requestId (issue 24 item 2): one request for bids. Before the due time the bids are
 * sealed (who bid, never how much); after it, side by side. Its managers award, cancel, invite more
 * companies and answer each company's questions; the board reads it, and decides an award above the
 * association's limit on the decision's page.
 */
export function BidRequestPage({ propertyId, requestId }: { propertyId: string; requestId: string }) {
  const request = useQuery(bidRequestQueryOptions(propertyId, requestId));
  const associations = useQuery(bidAssociationsQueryOptions);
  const timeZone = associations.data?.properties.find((item) => item.id === propertyId)?.timeZone;
  const back = (
    <Anchor component={Link} to={`${bidsPagePath}?propertyId=${encodeURIComponent(propertyId)}`} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Bids
      </Group>
    </Anchor>
  );
  if (!request.data)
    return (
      <DetailLoadState
        query={request}
        what="request for bids"
        back={back}
        notFoundDescription="It does not exist, or it belongs to an association whose bids you do not see."
      />
    );
  return <RequestView request={request.data} timeZone={timeZone} back={back} />;
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = `bids-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={id}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

// A narrow column keeps a badge's words whole.
const noShrink = { flexShrink: 0, minWidth: 'max-content' } as const;

function FileLinks({ files }: { files: readonly Attachment[] }) {
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <li key={file.id}>
          <Anchor
            href={file.url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {file.fileName}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

function RequestView({
  request,
  timeZone,
  back,
}: {
  request: BidRequest;
  timeZone: string | undefined;
  back: ReactNode;
}) {
  const location = useLocation();
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const refresh = useRefreshBidRequest(request.propertyId, request.id);
  const files = useQuery({
    ...bidRequestQueryOptions(request.propertyId, request.id),
    select: (data) => ({ attachments: data.files }),
  });
  const [awarding, setAwarding] = useState<AwardChoice | null>(null);
  const [thread, setThread] = useState<{ invitationId: string; companyName: string } | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isInviting, setIsInviting] = useState(false);
  const comparison = compareBids(request);
  const isOpen = request.status === 'open';
  const awardedInvitation = request.invitations.find(
    (invitation) => invitation.bid?.id === request.awardedBidId,
  );

  const facts = [
    { label: 'Association', value: request.propertyName },
    { label: 'Trade', value: vendorTradeLabels[request.trade] },
    {
      label: 'Bids due',
      value: formatMomentIn(request.dueAt, timeZone),
    },
    { label: 'Not to exceed', value: notToExceedText(request.notToExceedCents) },
    ...(request.siteVisitFrom && request.siteVisitTo
      ? [{ label: 'Site visit', value: formatWindowIn(request.siteVisitFrom, request.siteVisitTo, timeZone) }]
      : []),
    {
      label: 'For',
      value: request.workOrder ? (
        request.canManage ? (
          <Anchor component={Link} to={managerWorkOrderPath(request.workOrder.id)} size="sm">
            Work order: {request.workOrder.summary}
          </Anchor>
        ) : (
          `Work order: ${request.workOrder.summary}`
        )
      ) : (
        'A project (no work order)'
      ),
    },
    ...(request.createdBy
      ? [
          {
            label: 'Requested by',
            value: `${request.createdBy.fullName}, ${formatMomentIn(request.createdAt, timeZone)}`,
          },
        ]
      : []),
  ];

  const openThread = (row: ComparisonRow) => (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconMessageCircle size={14} aria-hidden />}
      aria-label={`Questions from ${row.invitation.company.name} (${row.invitation.messageCount})`}
      onClick={() => setThread({ invitationId: row.invitation.id, companyName: row.invitation.company.name })}
    >
      Questions ({row.invitation.messageCount})
    </Button>
  );

  const companyCell = (row: ComparisonRow) => (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.invitation.company.name}
      </Text>
      <StandingBadge standing={row.invitation.insurance} label="Insurance" />
    </Stack>
  );

  const sealedColumns: Column<ComparisonRow>[] = [
    { key: 'company', label: 'Company', render: companyCell },
    {
      key: 'status',
      label: 'Answer',
      render: (row) => <InvitationStatusBadge status={row.invitation.status} />,
    },
    {
      key: 'when',
      label: 'When',
      render: (row) =>
        row.bid
          ? `Bid ${formatMomentIn(row.bid.updatedAt, timeZone)}`
          : row.invitation.declinedAt
            ? `Declined ${formatMomentIn(row.invitation.declinedAt, timeZone)}${row.invitation.declineReason ? `: “${row.invitation.declineReason}”` : ''}`
            : `Invited ${formatMomentIn(row.invitation.invitedAt, timeZone)}`,
    },
    { key: 'thread', label: 'Questions', render: openThread },
  ];

  const openColumns: Column<ComparisonRow>[] = [
    { key: 'company', label: 'Company', render: companyCell },
    {
      key: 'amount',
      label: 'Amount',
      align: 'right',
      render: (row) =>
        row.bid?.amountCents != null ? (
          <Stack gap={4} align="flex-end">
            <Text size="sm" fw={row.isLowest ? 700 : 500}>
              {formatMoney(row.bid.amountCents)}
            </Text>
            {row.isLowest ? (
              <ToneBadge color="green" style={noShrink}>
                Lowest
              </ToneBadge>
            ) : null}
            {row.isAboveLimit ? (
              <ToneBadge color="orange" style={noShrink}>
                Above not-to-exceed
              </ToneBadge>
            ) : null}
          </Stack>
        ) : (
          <InvitationStatusBadge status={row.invitation.status} />
        ),
    },
    {
      key: 'timeline',
      label: 'Timeline',
      render: (row) => row.bid?.timeline ?? '—',
    },
    {
      key: 'terms',
      label: 'Terms',
      render: (row) =>
        row.bid ? (
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {row.bid.terms ?? '—'}
            </Text>
            {row.bid.exceedsReason ? (
              <Text size="sm">
                <Text span fw={600}>
                  Why above the not-to-exceed:{' '}
                </Text>
                {row.bid.exceedsReason}
              </Text>
            ) : null}
          </Stack>
        ) : row.invitation.declineReason ? (
          `Declined: “${row.invitation.declineReason}”`
        ) : (
          '—'
        ),
    },
    { key: 'files', label: 'Files', render: (row) => (row.bid ? <FileLinks files={row.bid.files} /> : '—') },
    {
      key: 'actions',
      label: 'Actions',
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="wrap">
          {row.bid && row.bid.status !== 'submitted' ? <BidStatusBadge status={row.bid.status} /> : null}
          {openThread(row)}
          {request.canManage &&
          request.canAward &&
          isOpen &&
          row.bid?.status === 'submitted' &&
          row.bid.amountCents !== null ? (
            <Button
              size="compact-sm"
              color="green.9"
              aria-label={`Award to ${row.invitation.company.name}`}
              onClick={() =>
                setAwarding({
                  bidId: row.bid!.id,
                  companyName: row.invitation.company.name,
                  amountCents: row.bid!.amountCents!,
                })
              }
            >
              Award
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader
        title={request.title}
        documentTitle={`${request.title} · Bids`}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <RequestStatusBadge status={request.status} />
            <Text span size="sm" c="dimmed">
              {request.isTakingBids
                ? `${dueRelative(request.dueAt)} · ${formatMomentIn(request.dueAt, timeZone)}`
                : `Bids were due ${formatMomentIn(request.dueAt, timeZone)}`}
            </Text>
          </Group>
        }
        actions={
          request.canManage && isOpen ? (
            <>
              {request.isTakingBids ? (
                <Button variant="default" onClick={() => setIsInviting(true)}>
                  Invite more companies
                </Button>
              ) : null}
              <Button variant="default" color="red" onClick={() => setIsCancelling(true)}>
                Cancel request
              </Button>
            </>
          ) : null
        }
      />
      {justCreated && request.canManage && isOpen && request.files.length === 0 ? (
        <Alert color="blue" variant="light" title="Request created">
          The companies are told. Add photos and plans under “Scope and files”: they see them with the
          invitation.
        </Alert>
      ) : null}
      <StatusNotice
        request={request}
        awardedName={awardedInvitation?.company.name ?? null}
        timeZone={timeZone}
      />
      <Facts facts={facts} />
      <Section title="Scope and files">
        <Stack gap="md">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.scope}
          </Text>
          <FilesPanel
            files={files}
            target={{ bidRequestId: request.id }}
            canChange={request.canManage && isOpen}
            max={bidRequestFilesMax}
            hint="The invited companies see them with the invitation."
            emptyText="No photos or plans."
            addLabel="Add photos or plans"
            onChanged={refresh}
          />
        </Stack>
      </Section>
      <Section title={comparison.isSealed ? 'Invitations' : 'Bids side by side'}>
        <Stack gap="sm">
          {comparison.isSealed ? (
            <Alert
              color="gray"
              variant="light"
              icon={<IconLock size={18} aria-hidden />}
              title={`Sealed until ${formatMomentIn(request.dueAt, timeZone)}`}
            >
              {comparison.bidCount} of {request.invitations.length} companies have bid. The amounts,
              timelines, terms and files open at the due time, or once every company has bid or declined.
            </Alert>
          ) : request.notToExceedCents !== null ? (
            <Text size="sm" c="dimmed">
              Not to exceed: {formatMoney(request.notToExceedCents)}. Insurance as of today
              {request.canManage ? '; an award needs it current or your reason' : ''}.
            </Text>
          ) : null}
          {!comparison.isSealed && isOpen && !request.canAward && request.canManage ? (
            <Text size="sm" c="dimmed">
              Awards open at the due time, or once every company has bid or declined.
            </Text>
          ) : null}
          <ResponsiveTable
            caption={comparison.isSealed ? 'Invited companies' : 'Bids side by side'}
            columns={comparison.isSealed ? sealedColumns : openColumns}
            rows={comparison.rows}
            rowKey={(row) => row.invitation.id}
            titleColumn="company"
          />
        </Stack>
      </Section>
      {awarding ? (
        <AwardDialog request={request} choice={awarding} onClose={() => setAwarding(null)} />
      ) : null}
      {thread ? (
        <StaffThreadDialog
          propertyId={request.propertyId}
          requestId={request.id}
          invitationId={thread.invitationId}
          companyName={thread.companyName}
          canReply={request.canManage}
          timeZone={timeZone}
          onClose={() => setThread(null)}
        />
      ) : null}
      {isCancelling ? <CancelDialog request={request} onClose={() => setIsCancelling(false)} /> : null}
      {isInviting ? <InviteDialog request={request} onClose={() => setIsInviting(false)} /> : null}
    </Stack>
  );
}

/** Where the request stands when it is not simply open: before the board, awarded, cancelled. */
function StatusNotice({
  request,
  awardedName,
  timeZone,
}: {
  request: BidRequest;
  awardedName: string | null;
  timeZone: string | undefined;
}) {
  const awardedBid = request.invitations.find(
    (invitation) => invitation.bid?.id === request.awardedBidId,
  )?.bid;
  const amount = awardedBid?.amountCents != null ? formatMoney(awardedBid.amountCents) : null;
  if (request.status === 'awaiting_board')
    return (
      <Alert color="yellow" variant="light" title="Awaiting the board’s decision" role="status">
        <Stack gap={6} align="flex-start">
          <Text size="sm">
            The award{awardedName ? ` to ${awardedName}` : ''}
            {amount ? ` for ${amount}` : ''} is above the association’s limit
            {request.awardBoardAboveCents !== null ? ` of ${formatMoney(request.awardBoardAboveCents)}` : ''}:
            it is awarded when the board decides.
          </Text>
          {request.decisionItemId ? (
            <Button
              component={Link}
              to={decisionPagePath(request.propertyId, request.decisionItemId)}
              size="xs"
              variant="default"
            >
              Open the board’s decision
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  if (request.status === 'awarded')
    return (
      <Alert
        color="green"
        variant="light"
        title={`Awarded${awardedName ? ` to ${awardedName}` : ''}${amount ? ` for ${amount}` : ''}`}
        role="status"
      >
        <Stack gap={4}>
          {request.awardedAt ? (
            <Text size="sm">
              {request.awardedBy ? `By ${request.awardedBy.fullName}, ` : ''}
              {formatMomentIn(request.awardedAt, timeZone)}.
            </Text>
          ) : null}
          {request.awardOverrideReason ? (
            <Text size="sm">
              Awarded over an expired certificate of insurance: “{request.awardOverrideReason}”
            </Text>
          ) : null}
          {request.decisionItemId ? (
            <Button
              component={Link}
              to={decisionPagePath(request.propertyId, request.decisionItemId)}
              size="xs"
              variant="default"
              w="fit-content"
            >
              The board’s decision
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  if (request.status === 'cancelled')
    return (
      <Alert color="gray" variant="light" title="Cancelled" role="status">
        {request.cancelReason ?? 'No reason was given.'}
      </Alert>
    );
  return null;
}

function CancelDialog({ request, onClose }: { request: BidRequest; onClose: () => void }) {
  const cancel = useCancelBidRequest(request.propertyId, request.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError('Say why the request is cancelled: the vendors are told');
      return;
    }
    cancel.mutate(reason.trim(), {
      onSuccess: () => {
        showSuccessToast('Request cancelled; the companies invited are told');
        onClose();
      },
      onError: (failure) =>
        setError(
          isApiRequestError(failure) && failure.fields?.reason
            ? failure.fields.reason
            : getErrorMessage(failure),
        ),
    });
  };
  return (
    <PortalModal opened onClose={onClose} title="Cancel this request?" centered>
      <Stack gap="md">
        <Text size="sm">No bid is awarded. Every company invited is told, with your reason.</Text>
        <Textarea
          label="Reason"
          required
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
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep it open
          </Button>
          <Button color="red.9" loading={cancel.isPending} onClick={submit}>
            Cancel request
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}

function InviteDialog({ request, onClose }: { request: BidRequest; onClose: () => void }) {
  const invite = useInviteCompanies(request.propertyId, request.id);
  const [ids, setIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (ids.length === 0) {
      setError('Choose at least one company');
      return;
    }
    invite.mutate(
      { companyIds: ids },
      {
        onSuccess: () => {
          showSuccessToast(ids.length === 1 ? 'Company invited and told' : 'Companies invited and told');
          onClose();
        },
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };
  return (
    <PortalModal opened onClose={onClose} title="Invite more companies" centered size="lg">
      <Stack gap="md">
        <CompanyPicker
          label="Companies"
          propertyId={request.propertyId}
          trade={request.trade}
          value={ids}
          onChange={(next) => {
            setIds(next);
            setError(null);
          }}
          exclude={request.invitations.map((invitation) => invitation.company.id)}
          error={error ?? undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button loading={invite.isPending} onClick={submit}>
            Invite
          </Button>
        </Group>
      </Stack>
    </PortalModal>
  );
}

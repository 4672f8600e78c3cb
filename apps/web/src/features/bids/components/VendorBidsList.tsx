import {
  formatMoney,
  vendorBidStateLabels,
  vendorBidStates,
  vendorTradeLabels,
  type VendorBidState,
  type VendorBidSummary,
} from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGavel } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { vendorBidPagePath, vendorBidsPagePath, vendorBidsPageSize, vendorBidsQueryOptions } from '../api.ts';
import { dueRelative, formatMomentIn, isDueSoon } from '../labels.ts';
import { BidStatusBadge, InvitationStatusBadge, RequestStatusBadge } from './BidBits.tsx';

/** How many open invitations the portal's card shows before "View all". */
export const portalCardLimit = 5;

/** One invitation as a row of a list: the request, its association, when bids are due, the company's bid. */
function InvitationItem({ invitation }: { invitation: VendorBidSummary }) {
  const soon = invitation.isTakingBids && isDueSoon(invitation.dueAt);
  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Anchor
          component={Link}
          to={vendorBidPagePath(invitation.invitationId)}
          fw={600}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {invitation.title}
        </Anchor>
        {invitation.bid ? (
          <BidStatusBadge status={invitation.bid.status} />
        ) : invitation.requestStatus !== 'open' ? (
          <RequestStatusBadge status={invitation.requestStatus} />
        ) : (
          <InvitationStatusBadge status={invitation.status} />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {invitation.propertyName} · {vendorTradeLabels[invitation.trade]}
        {invitation.notToExceedCents !== null
          ? ` · not to exceed ${formatMoney(invitation.notToExceedCents)}`
          : ''}
      </Text>
      <Text size="sm" c={soon ? 'red.9' : undefined} fw={soon ? 600 : undefined}>
        {invitation.isTakingBids ? `${dueRelative(invitation.dueAt)} · ` : 'Bids were due '}
        {formatMomentIn(invitation.dueAt, invitation.timeZone)}
      </Text>
      {invitation.bid ? (
        <Text size="sm">
          Your bid: <b>{formatMoney(invitation.bid.amountCents)}</b>
        </Text>
      ) : null}
    </Stack>
  );
}

function InvitationList({ invitations, label }: { invitations: readonly VendorBidSummary[]; label: string }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {invitations.map((invitation) => (
        <InvitationItem key={invitation.invitationId} invitation={invitation} />
      ))}
    </Stack>
  );
}

/** The vendor portal's card: the open invitations with their due times, and "View all". */
export function VendorBidsCard() {
  const open = useQuery(vendorBidsQueryOptions('open', 1, portalCardLimit));
  return (
    <PortalSectionCard
      title="Bid invitations"
      icon={<IconGavel size={20} aria-hidden />}
      color="grape"
      action={
        <Button
          component={Link}
          to={vendorBidsPagePath()}
          variant="subtle"
          size="compact-sm"
          rightSection={<IconArrowRight size={14} aria-hidden />}
          aria-label="View all bid invitations"
        >
          View All
        </Button>
      }
    >
      {open.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your invitations...</Text>
        </Group>
      ) : open.isError ? (
        <ErrorState
          headingOrder={3}
          title="Your invitations could not be loaded"
          description={getErrorMessage(open.error)}
          onRetry={() => void open.refetch()}
          isRetrying={open.isFetching}
        />
      ) : open.data.invitations.length === 0 ? (
        <Text c="dimmed" size="sm">
          No open invitations to bid. When an association asks your company for a quote, it appears here.
        </Text>
      ) : (
        <Stack gap={4}>
          <InvitationList invitations={open.data.invitations} label="Open invitations to bid" />
          {open.data.total > open.data.invitations.length ? (
            <Text size="sm" c="dimmed">
              {open.data.total - open.data.invitations.length} more open: View all.
            </Text>
          ) : null}
        </Stack>
      )}
    </PortalSectionCard>
  );
}

const emptyTexts: Record<VendorBidState, string> = {
  open: 'No open invitations to bid.',
  submitted: 'No bids waiting for an outcome.',
  past: 'No past invitations.',
};

/** /vendor-portal/bids: the company's invitations, by state. */
export function VendorBidsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('state');
  const state: VendorBidState = (vendorBidStates as readonly string[]).includes(asked ?? '')
    ? (asked as VendorBidState)
    : 'open';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const list = useQuery(vendorBidsQueryOptions(state, page));
  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/vendor-portal" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Vendor Portal
        </Group>
      </Anchor>
      <PageHeader title="Bid invitations" description="Requests for quotes sent to your company." />
      <Tabs
        value={state}
        onChange={(value) =>
          setSearchParams(value && value !== 'open' ? { state: value } : {}, { replace: true })
        }
      >
        <Tabs.List>
          {vendorBidStates.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {vendorBidStateLabels[item]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {vendorBidStates.map((item) => (
          <Tabs.Panel key={item} value={item} pt="md">
            {item !== state ? null : list.isPending ? (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text c="dimmed">Loading...</Text>
              </Group>
            ) : list.isError ? (
              <ErrorState
                title="The invitations could not be loaded"
                description={getErrorMessage(list.error)}
                onRetry={() => void list.refetch()}
                isRetrying={list.isFetching}
              />
            ) : list.data.invitations.length === 0 ? (
              <Paper withBorder radius="md" p="lg">
                <Text c="dimmed">{emptyTexts[state]}</Text>
              </Paper>
            ) : (
              <Stack gap="sm">
                <InvitationList invitations={list.data.invitations} label={vendorBidStateLabels[state]} />
                <ListPager
                  noun="invitations"
                  page={page}
                  pageSize={vendorBidsPageSize}
                  total={list.data.total}
                  onChange={(next) =>
                    setSearchParams(
                      { ...(state !== 'open' ? { state } : {}), page: String(next) },
                      { replace: true },
                    )
                  }
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

import {
  bidInvitationStatusLabels,
  bidRequestStatusLabels,
  bidStatusLabels,
  formatMoney,
  type BidInvitationStatus,
  type BidRequestStatus,
  type BidStatus,
} from '@commonwise/contracts';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { bidStatusColors, invitationStatusColors, requestStatusColors } from '../labels.ts';

// A narrow column keeps a badge's words whole.
const noShrink = { flexShrink: 0, minWidth: 'max-content' } as const;

export function RequestStatusBadge({ status }: { status: BidRequestStatus }) {
  return (
    <ToneBadge color={requestStatusColors[status]} style={noShrink}>
      {bidRequestStatusLabels[status]}
    </ToneBadge>
  );
}

export function InvitationStatusBadge({ status }: { status: BidInvitationStatus }) {
  return (
    <ToneBadge color={invitationStatusColors[status]} style={noShrink}>
      {bidInvitationStatusLabels[status]}
    </ToneBadge>
  );
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  return (
    <ToneBadge color={bidStatusColors[status]} style={noShrink}>
      {bidStatusLabels[status]}
    </ToneBadge>
  );
}

/** "$4,500.00", or "None set" when the request names no not-to-exceed. */
export const notToExceedText = (cents: number | null) => (cents === null ? 'None set' : formatMoney(cents));

/** A row of labelled facts (a description list) that wraps on a phone. */
export function Facts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <Group component="dl" gap="xl" align="flex-start" wrap="wrap" m={0}>
      {facts.map((fact) => (
        <Stack key={fact.label} gap={2} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {fact.value}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

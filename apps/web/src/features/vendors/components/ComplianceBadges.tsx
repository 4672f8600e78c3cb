import {
  complianceStatusLabels,
  type ExpiryStanding,
  type VendorCompliance,
  type W9Status,
} from '@commonwise/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { complianceColors, standingDayText, w9Colors, w9Labels } from '../labels.ts';

// A table column may be narrow: the badge keeps its words whole rather than cutting them off.
const noShrink = { flexShrink: 0, minWidth: 'max-content' } as const;

/** A certificate's or licence's standing as a badge: "Expired", "Expiring soon", "Current", "Not on file". */
export function StandingBadge({ standing, label }: { standing: ExpiryStanding; label?: string }) {
  return (
    <ToneBadge color={complianceColors[standing.status]} style={noShrink}>
      {label ? `${label}: ` : ''}
      {complianceStatusLabels[standing.status]}
    </ToneBadge>
  );
}

export function W9Badge({ status, label }: { status: W9Status; label?: string }) {
  return (
    <ToneBadge color={w9Colors[status]} style={noShrink}>
      {label ? `${label}: ` : ''}
      {w9Labels[status]}
    </ToneBadge>
  );
}

/**
 * A standing with its day under it, for the directory's columns; blocks, not a flex column, so the cell's
 * own alignment holds (left in the table, right on a phone's card).
 */
export function StandingCell({ standing }: { standing: ExpiryStanding }) {
  const day = standingDayText(standing);
  return (
    <>
      <div>
        <StandingBadge standing={standing} />
      </div>
      {day ? (
        <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
          {day}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The three documents' standing in a row of facts: insurance and licence with their expiry day, the W-9
 * received or not.
 */
export function ComplianceSummary({ compliance }: { compliance: VendorCompliance }) {
  const facts = [
    { key: 'insurance', label: 'Insurance', standing: compliance.insurance },
    { key: 'licence', label: 'Licence', standing: compliance.licence },
  ] as const;
  return (
    <Group gap="xl" align="flex-start" wrap="wrap" component="dl" m={0}>
      {facts.map((fact) => (
        <Stack key={fact.key} gap={4}>
          <Text component="dt" size="xs" c="dimmed">
            {fact.label}
          </Text>
          <Stack component="dd" m={0} gap={2} align="flex-start">
            <StandingBadge standing={fact.standing} />
            {standingDayText(fact.standing) ? <Text size="sm">{standingDayText(fact.standing)}</Text> : null}
          </Stack>
        </Stack>
      ))}
      <Stack gap={4}>
        <Text component="dt" size="xs" c="dimmed">
          W-9
        </Text>
        <Stack component="dd" m={0} gap={2} align="flex-start">
          <W9Badge status={compliance.w9.status} />
        </Stack>
      </Stack>
    </Group>
  );
}

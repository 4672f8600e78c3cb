import {
  committeeKindLabels,
  committeeRoleLabels,
  decisionRuleLabels,
  type Committee,
  type CommitteeMember,
} from '@commonwise/contracts';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';

/** "Majority of members", "Quorum count (3)". */
export function describeDecisionRule(committee: Pick<Committee, 'decisionRule' | 'quorum'>): string {
  const label = decisionRuleLabels[committee.decisionRule];
  return committee.decisionRule === 'quorum_count' && committee.quorum !== null
    ? `${label} (${committee.quorum})`
    : label;
}

/** "Jun 1, 2025 – Jun 1, 2026" or "Since Jun 1, 2025". The end day is the first day not served. */
export function describeTerm(member: Pick<CommitteeMember, 'startsOn' | 'endsOn'>): string {
  return member.endsOn
    ? `${formatDate(member.startsOn)} – ${formatDate(member.endsOn)}`
    : `Since ${formatDate(member.startsOn)}`;
}

const today = () => new Date().toLocaleDateString('en-CA');

/** Whether the seat's term is over (not one that has yet to start). */
export function hasEnded(member: Pick<CommitteeMember, 'endsOn'>): boolean {
  return member.endsOn !== null && member.endsOn <= today();
}

interface CommitteeRosterProps {
  committee: Committee;
  /** Heading level of the committee's name. */
  headingOrder?: 3 | 4;
  /** Where a member's name links (their profile), or null for plain names. */
  profilePath?: (userId: string) => string | null;
  /** Edit controls beside the committee's name (managers and admins). */
  actions?: ReactNode;
  /** Controls for one member (End term). */
  memberActions?: (member: CommitteeMember) => ReactNode;
}

/** One committee: its name, kind and decision rule, and its members with their roles and terms. */
export function CommitteeRoster({
  committee,
  headingOrder = 3,
  profilePath,
  actions,
  memberActions,
}: CommitteeRosterProps) {
  const headingId = `committee-${committee.id}`;
  return (
    <Stack gap="xs" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={headingOrder} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {committee.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={committee.kind === 'board' ? 'indigo' : 'teal'}>
              {committeeKindLabels[committee.kind]}
            </Badge>
            {committee.requiresOwners && (
              <Badge variant="outline" color="gray">
                Owners only
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Decides by: {describeDecisionRule(committee)}
          </Text>
        </Stack>
        {actions}
      </Group>
      {committee.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No members yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${committee.name} members`}
        >
          {committee.members.map((member) => {
            const path = profilePath?.(member.userId) ?? null;
            return (
              <Group
                component="li"
                key={member.id}
                justify="space-between"
                gap="xs"
                py={6}
                wrap="wrap"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Group gap={6} wrap="wrap">
                    {path ? (
                      <Anchor component={Link} to={path} size="sm" fw={500}>
                        {member.fullName}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={500}>
                        {member.fullName}
                      </Text>
                    )}
                    <Badge size="sm" variant="light" color="gray">
                      {committeeRoleLabels[member.role]}
                    </Badge>
                    {!member.isCurrent && (
                      <Badge size="sm" variant="outline" color={hasEnded(member) ? 'gray' : 'blue'}>
                        {hasEnded(member) ? 'Past' : 'Upcoming'}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {describeTerm(member)}
                  </Text>
                </Stack>
                {memberActions?.(member)}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

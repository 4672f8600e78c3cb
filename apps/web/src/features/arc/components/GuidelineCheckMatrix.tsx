import {
  arcCheckResultLabels,
  clauseNumberLabel,
  type ArcCheckOutcome,
  type ArcCheckResult,
} from '@commonwise/contracts';
import { Badge, Blockquote, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconQuestionMark, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { arcResultColors } from '../labels.ts';

const resultIcons: Record<ArcCheckResult, ReactNode> = {
  meets: <IconCheck size={12} aria-hidden />,
  fails: <IconX size={12} aria-hidden />,
  needs_judgment: <IconQuestionMark size={12} aria-hidden />,
};

/**
 * A check's result in words, with an icon; the colour only repeats them. Light badges: white on
 * Mantine's filled green or red is under the 4.5:1 contrast small text needs (the theme darkens the
 * light variant's text for it).
 */
export function CheckResultBadge({ result }: { result: ArcCheckResult }) {
  return (
    <Badge
      variant="light"
      color={arcResultColors[result]}
      leftSection={resultIcons[result]}
      style={{ flexShrink: 0 }}
    >
      {arcCheckResultLabels[result]}
    </Badge>
  );
}

/** "CC&Rs, § 7.3, page 12": where the clause is. */
function citationOf(rule: ArcCheckOutcome['rule']): string {
  const parts = [
    rule.documentTitle ?? 'Adopted by the board (no document)',
    rule.sectionNumber ? clauseNumberLabel(rule.sectionNumber) : null,
    rule.page !== null ? `page ${rule.page}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The guideline check of a request (issue 22 item 2): for each clause that applies, meets / fails /
 * needs judgment in words, what the clause expects, why, the evidence from the submission (the form, or
 * a file's page with the words around the value) and the clause itself quoted with its section, page
 * and document. It informs the committee; it decides nothing.
 */
export function GuidelineCheckMatrix({ checks }: { checks: ArcCheckOutcome[] | null }) {
  if (checks === null)
    return (
      <Text size="sm" c="dimmed">
        The guideline checks are not available for this request.
      </Text>
    );
  if (checks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No guideline checks apply to this project type. A manager can add them on the association’s project
        types.
      </Text>
    );
  const count = (result: ArcCheckResult) => checks.filter((check) => check.result === result).length;
  return (
    <Stack gap="md">
      <Text size="sm">
        {plural(count('meets'), 'check meets', 'checks meet')} the guidelines,{' '}
        {plural(count('fails'), 'fails', 'fail')}, {plural(count('needs_judgment'), 'needs', 'need')} the
        committee’s judgment. Objective values are compared as written; anything aesthetic is always left to
        the committee, which decides.
      </Text>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Guideline checks">
        {checks.map((check) => (
          <CheckItem key={check.key} check={check} />
        ))}
      </Stack>
    </Stack>
  );
}

function CheckItem({ check }: { check: ArcCheckOutcome }) {
  const headingId = `arc-check-${check.key}`;
  return (
    <Stack
      component="li"
      gap="xs"
      p="md"
      aria-labelledby={headingId}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderLeft: `4px solid var(--mantine-color-${arcResultColors[check.result]}-6)`,
        borderRadius: 12,
        minWidth: 0,
      }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
          {check.label}
        </Title>
        <CheckResultBadge result={check.result} />
      </Group>
      <Text size="sm">
        <Text span fw={600}>
          Expected:{' '}
        </Text>
        {check.expected}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {check.explanation}
      </Text>
      {check.evidence.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Evidence
          </Text>
          <Stack component="ul" gap={6} m={0} pl="md">
            {check.evidence.map((evidence, index) => (
              <Text component="li" size="sm" key={index} style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {evidence.value}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  —{' '}
                  {evidence.source === 'form'
                    ? 'from the form'
                    : [evidence.fileName ?? 'a file', evidence.page !== null ? `page ${evidence.page}` : null]
                        .filter(Boolean)
                        .join(', ')}
                </Text>
                {evidence.excerpt ? (
                  <Text size="xs" fs="italic" mt={2}>
                    “{evidence.excerpt}”
                  </Text>
                ) : null}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No evidence found in the submission.
        </Text>
      )}
      <Blockquote
        color="gray"
        p="sm"
        pl="md"
        radius="md"
        iconSize={0}
        cite={
          <Text span size="xs" c="gray.7" fs="normal">
            — {check.rule.title} · {citationOf(check.rule)}
          </Text>
        }
        styles={{ root: { margin: 0 }, cite: { marginTop: 6, opacity: 1 } }}
      >
        <Text size="sm" fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {check.rule.excerpt}
        </Text>
      </Blockquote>
    </Stack>
  );
}

import { decisionLetterPagePath, myDecisionLetterUrl } from '../api.ts';
import { arcDecisionLabels, letterStatusLabels, type ArcRequest } from '@commonwise/contracts';
import { Anchor, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMailOpened } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * Whether the person may open the staff pages a decision links to (letters, violations): managers and
 * the board (admins everywhere). A resident serving on the committee reads the request, not those pages.
 */
export function useOpensStaffPages(): boolean {
  const role = useCurrentUser().data?.role;
  return role === 'admin' || role === 'manager' || role === 'board';
}

/** Conditions written one a line (a dash or a number in front or not) become a list; one line stays text. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((line) => line.length > 0);
}

function Paragraphs({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function ConditionsList({ text }: { text: string }) {
  const lines = linesOf(text);
  if (lines.length <= 1) return <Paragraphs text={text} />;
  return (
    <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
      {lines.map((line, index) => (
        <List.Item key={index}>{line}</List.Item>
      ))}
    </List>
  );
}

/** A labelled part of the decision (a term and its text). */
function Part({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} mt={2}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The committee's decision as the reviewers read it (issue 22 item 3): the outcome and its day, what the
 * decision says (conditions, or a denial's reasons, rule, changes and how to ask again), and the way to
 * its letter, however far the letter has gone.
 */
export function StaffDecisionSummary({ request }: { request: ArcRequest }) {
  const opensLetters = useOpensStaffPages();
  if (!request.decision) return null;
  const reconsidered = request.reconsideration?.outcome === 'approve';
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {reconsidered
          ? `Approve — by the board on reconsideration${request.reconsideration?.decidedAt ? `, ${formatDate(request.reconsideration.decidedAt)}` : ''}`
          : `${arcDecisionLabels[request.decision]}${request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : ''}`}
      </Text>
      {reconsidered ? (
        <Text size="sm" c="dimmed">
          The first decision{request.decidedAt ? ` (${formatDate(request.decidedAt)})` : ''} and what it said:
        </Text>
      ) : null}
      <Stack component="dl" gap="sm" m={0}>
        {request.conditions ? (
          <Part label="Conditions">
            <ConditionsList text={request.conditions} />
          </Part>
        ) : null}
        {request.reasons ? (
          <Part label="Reasons">
            <Paragraphs text={request.reasons} />
          </Part>
        ) : null}
        {request.rulesCited ? (
          <Part label="Rule relied on">
            <Paragraphs text={request.rulesCited} />
          </Part>
        ) : null}
        {request.changesNeeded ? (
          <Part label="Changes that would make it approvable">
            <Paragraphs text={request.changesNeeded} />
          </Part>
        ) : null}
        {request.appeal ? (
          <Part label="How to ask for reconsideration or a hearing">
            <Paragraphs text={request.appeal} />
          </Part>
        ) : null}
      </Stack>
      {request.decisionLetter ? (
        <Group gap="xs" wrap="wrap">
          <IconMailOpened size={16} aria-hidden />
          {opensLetters ? (
            <>
              <Anchor
                component={Link}
                to={decisionLetterPagePath(request.propertyId, request.decisionLetter.id)}
                size="sm"
                fw={600}
              >
                Open the decision letter
              </Anchor>
              <Text size="sm" c="dimmed">
                ({letterStatusLabels[request.decisionLetter.status]})
              </Text>
            </>
          ) : (
            <Text size="sm">Decision letter: {letterStatusLabels[request.decisionLetter.status]}</Text>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No decision letter yet.
        </Text>
      )}
    </Stack>
  );
}

/**
 * The decision as the owner reads it, in plain words: approved, approved with the conditions the work
 * must follow, or denied with why, the rule, what would make it approvable and how to ask again — and
 * the letter once it was sent.
 */
export function OwnerDecisionSummary({ request }: { request: ArcRequest }) {
  if (!request.decision) return null;
  const on = request.decidedAt ? ` on ${formatDate(request.decidedAt)}` : '';
  const letter =
    request.decisionLetter?.status === 'sent' ? (
      <Anchor
        href={myDecisionLetterUrl(request.decisionLetter.id)}
        target="_blank"
        rel="noopener"
        fw={600}
        size="sm"
      >
        <Group gap={6} component="span" wrap="nowrap">
          Read the decision letter
          <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
          <VisuallyHidden>(PDF, opens in a new tab)</VisuallyHidden>
        </Group>
      </Anchor>
    ) : null;

  if (request.decision === 'approve')
    return (
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {request.reconsideration?.outcome === 'approve'
            ? `The board approved your request on reconsideration${request.reconsideration.decidedAt ? ` on ${formatDate(request.reconsideration.decidedAt)}` : ''}.`
            : `Your request was approved${on}.`}
        </Text>
        <Text size="sm">You may go ahead with the work as you described it in your request.</Text>
        {letter}
      </Stack>
    );
  if (request.decision === 'approve_with_conditions')
    return (
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          Your request was approved with conditions{on}.
        </Text>
        <Text size="sm">You may go ahead with the work, and it must follow these conditions:</Text>
        {request.conditions ? <ConditionsList text={request.conditions} /> : null}
        {letter}
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Your request was denied{on}.
      </Text>
      <Stack component="dl" gap="sm" m={0}>
        {request.reasons ? (
          <Part label="Why">
            <Paragraphs text={request.reasons} />
          </Part>
        ) : null}
        {request.rulesCited ? (
          <Part label="The rule the committee relied on">
            <Paragraphs text={request.rulesCited} />
          </Part>
        ) : null}
        {request.changesNeeded ? (
          <Part label="What would make it approvable">
            <Paragraphs text={request.changesNeeded} />
          </Part>
        ) : null}
        {request.appeal ? (
          <Part label="How to ask again">
            <Paragraphs text={request.appeal} />
          </Part>
        ) : null}
      </Stack>
      {letter}
    </Stack>
  );
}

import {
  abstainChoice,
  decisionKindLabels,
  decisionRuleLabels,
  type DecisionItem,
} from '@commonwise/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  arcRequestPagePath,
  collectionCasePagePath,
  decisionQueryOptions,
  decisionsPagePath,
  useWithdrawItem,
} from '../api.ts';
import { choiceLabel, formatWhen, myVoteText, votesCastText } from '../labels.ts';
import { DecidePanel } from './DecidePanel.tsx';
import { DecisionDue, DecisionStatusBadge, DocumentLink } from './DecisionBits.tsx';
import { canPutDecisions } from './NewDecisionDialog.tsx';
import { VoteForm } from './VoteForm.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
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

/**
 * /decisions/:propertyId/:itemId (issue 22 item 5): one item with its background, documents, options
 * and their tally, what the committee's rule needs and what today's votes carry (both from the server),
 * the person's vote, the votes cast, and — for those who may decide — recording the outcome or
 * withdrawing the item. A decided item shows its outcome and how, when and by whom it was recorded.
 */
export function DecisionItemPage({ propertyId, itemId }: { propertyId: string; itemId: string }) {
  const user = useSignedInUser();
  const item = useQuery(decisionQueryOptions(propertyId, itemId));
  const [refusal, setRefusal] = useState<string | null>(null);

  const back = (
    <Anchor component={Link} to={decisionsPagePath()} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Decisions
      </Group>
    </Anchor>
  );

  if (!item.isSuccess)
    return (
      <DetailLoadState
        query={item}
        what="decision"
        back={back}
        notFoundDescription="This decision does not exist, or it belongs to a board or committee you cannot see."
      />
    );

  const data = item.data;
  const isArc = data.arcRequestId !== null;
  // An owner's request to reconsider is answered, never taken off the agenda.
  const isReconsideration = data.reconsideredRequestId !== null;
  const isOpen = data.status === 'open';
  const mine = myVoteText(data, data.options);
  return (
    <Stack gap="lg" maw={1000}>
      {back}
      <PageHeader
        title={data.title}
        description={`${data.propertyName} · ${data.committeeName}`}
        actions={
          // Managers and the board take an item off the agenda (the server checks the association).
          isOpen && !isArc && !isReconsideration && canPutDecisions(user.role) ? (
            <WithdrawButton item={data} />
          ) : undefined
        }
      />
      <Group gap="sm" wrap="wrap" mt={-8}>
        <DecisionStatusBadge status={data.status} />
        <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
          {decisionKindLabels[data.kind]}
        </Badge>
        <DecisionDue item={data} />
        <Text size="sm" c="dimmed">
          {data.published
            ? 'The outcome is published to residents.'
            : 'The outcome is not published to residents.'}
        </Text>
      </Group>

      {isArc ? (
        <LinkedNote
          link={{
            to: arcRequestPagePath(data.propertyId, data.arcRequestId!),
            label: 'Open the architectural request',
          }}
        >
          This item decides an architectural request: the committee records its decision on the request’s
          page, where the guideline checks and the letter to the owner are.
        </LinkedNote>
      ) : null}
      {isReconsideration ? (
        <LinkedNote
          link={{
            to: arcRequestPagePath(data.propertyId, data.reconsideredRequestId!),
            label: 'Open the architectural request',
          }}
        >
          The owner asked the board to reconsider the decision on an architectural request. “Approve the
          request” replaces the decision; “Uphold the decision” keeps it. The owner is told either way.
        </LinkedNote>
      ) : null}
      {data.collectionCaseId !== null ? <CollectionCaseNote item={data} role={user.role} /> : null}

      {data.status === 'decided' ? <OutcomeSection item={data} /> : null}
      {data.status === 'withdrawn' ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconX size={18} aria-hidden />}
          title="Withdrawn"
          role="note"
        >
          <Text size="sm">
            {data.decidedBy
              ? `${data.decidedBy.fullName} withdrew this item${data.decidedAt ? ` on ${formatWhen(data.decidedAt)}` : ''}. Nobody can vote on it any more.`
              : 'This item was withdrawn. Nobody can vote on it any more.'}
          </Text>
          {/* Why, where it was withdrawn for a reason (a collection case closed, or decided on the case). */}
          {data.outcomeNote ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {data.outcomeNote}
            </Text>
          ) : null}
        </Alert>
      ) : null}

      <Section id="decision-background" title="Background">
        <Stack gap="sm">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{data.background}</Text>
          {data.documents.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Documents
              </Text>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {data.documents.map((document) => (
                  <li key={document.id}>
                    <DocumentLink documentId={document.id} title={document.title} />
                  </li>
                ))}
              </Stack>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No documents attached.
            </Text>
          )}
          {data.createdBy ? (
            <Text size="xs" c="dimmed">
              Put to the {data.committeeName} by {data.createdBy.fullName} on {formatWhen(data.createdAt)}.
            </Text>
          ) : null}
        </Stack>
      </Section>

      <Section id="decision-options" title="Options and votes">
        <OptionsTally item={data} />
      </Section>

      {refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Your vote was not recorded"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      ) : null}
      {data.canVote && isOpen ? (
        <Card withBorder radius="lg" padding="lg" style={{ minWidth: 0 }}>
          <VoteForm item={data} onRefused={setRefusal} />
        </Card>
      ) : mine && !mine.isNeeded ? (
        <Text>{mine.text}.</Text>
      ) : null}

      <Section id="decision-votes" title="Votes cast">
        <VotesList item={data} />
      </Section>

      {isOpen && data.canDecide && !isArc ? (
        <Card withBorder radius="lg" padding="lg" style={{ minWidth: 0 }}>
          <DecidePanel item={data} />
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * A collections step the nightly run opened for a case: deciding it records the board's decision on the
 * case. Its managers and board members open the case (the collections page is theirs alone).
 */
function CollectionCaseNote({ item, role }: { item: DecisionItem; role: string }) {
  const canOpen = role === 'manager' || role === 'board';
  return (
    <LinkedNote
      link={
        canOpen
          ? {
              to: collectionCasePagePath(item.propertyId, item.collectionCaseId!),
              label: 'Open the collection case',
            }
          : null
      }
    >
      This item decides whether a collection case goes on to its next stage: the outcome is recorded on the
      case, which moves (or holds) on the next nightly run.
    </LinkedNote>
  );
}

/** A note on where the item comes from, with the way there (dark enough to read on the light blue). */
function LinkedNote({ link, children }: { link: { to: string; label: string } | null; children: ReactNode }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
      <Text size="sm">
        {children}
        {link ? (
          <>
            {' '}
            <Anchor component={Link} to={link.to} size="sm" c="blue.9" fw={600}>
              {link.label}
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}

/** Each option with its votes, and abstentions; what the rule needs and what today's votes carry. */
function OptionsTally({ item }: { item: DecisionItem }) {
  const countOf = (key: string) =>
    item.tally.find((entry) => entry.key === key)?.count ??
    item.votes.filter((vote) => vote.choice === key).length;
  const abstentions = countOf(abstainChoice);
  return (
    <Stack gap="sm">
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {item.options.map((option) => {
          const count = countOf(option.key);
          return (
            <Group key={option.key} component="li" justify="space-between" gap="sm" wrap="wrap">
              <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                <Text style={{ overflowWrap: 'anywhere' }}>{option.label}</Text>
                {item.outcome?.key === option.key ? (
                  <Badge color="green" variant="light">
                    Outcome
                  </Badge>
                ) : item.status === 'open' && item.carries === option.key ? (
                  <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
                    Carried by today’s votes
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" fw={500}>
                {count} {count === 1 ? 'vote' : 'votes'}
              </Text>
            </Group>
          );
        })}
        <Group component="li" justify="space-between" gap="sm">
          <Text c="dimmed">Abstained</Text>
          <Text size="sm" c="dimmed">
            {abstentions}
          </Text>
        </Group>
      </Stack>
      <Text size="sm">
        {votesCastText(item)}. The rule ({decisionRuleLabels[item.decisionRule].toLowerCase()}) needs{' '}
        {item.needs}.
      </Text>
      {item.status === 'open' ? (
        <Text size="sm" fw={500}>
          {item.carries === null
            ? 'Today’s votes carry no option yet.'
            : `Today’s votes carry “${choiceLabel(item.carries, item.options)}”.`}
        </Text>
      ) : null}
    </Stack>
  );
}

function VotesList({ item }: { item: DecisionItem }) {
  if (item.votes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No votes yet.
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {item.votes.map((vote) => (
        <Stack key={vote.userId} component="li" gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{vote.fullName}</Text>
            <Text>
              {vote.choice === abstainChoice
                ? 'abstained'
                : `voted “${choiceLabel(vote.choice, item.options)}”`}
            </Text>
            <Text size="sm" c="dimmed">
              {formatWhen(vote.castAt)}
            </Text>
          </Group>
          {vote.comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {vote.comment}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

function OutcomeSection({ item }: { item: DecisionItem }) {
  const meeting = item.meeting;
  return (
    <Section id="decision-outcome" title="Outcome">
      <Stack gap="xs">
        <Text fw={600} size="lg">
          Decided: {item.outcome?.label ?? '—'}
        </Text>
        {item.method === 'meeting' && meeting ? (
          <>
            <Text size="sm">By a vote at the meeting of {formatDate(meeting.heldOn)}.</Text>
            <Text size="sm">
              {[...item.options.map((option) => option.key), abstainChoice]
                .map(
                  (key) =>
                    `${key === abstainChoice ? 'Abstained' : choiceLabel(key, item.options)}: ${meeting.counts[key] ?? 0}`,
                )
                .join(' · ')}
            </Text>
            {meeting.minutes ? (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">Minutes:</Text>
                <DocumentLink documentId={meeting.minutes.id} title={meeting.minutes.title} />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                No minutes attached.
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">By the members’ votes here.</Text>
        )}
        {item.outcomeNote ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.outcomeNote}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Recorded{item.decidedBy ? ` by ${item.decidedBy.fullName}` : ''}
          {item.decidedAt ? ` on ${formatWhen(item.decidedAt)}` : ''}.
        </Text>
      </Stack>
    </Section>
  );
}

function WithdrawButton({ item }: { item: DecisionItem }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const withdraw = useWithdrawItem(item.propertyId, item.id);
  return (
    <>
      <Button color="red" variant="light" onClick={() => setIsConfirming(true)}>
        Withdraw this item
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title="Withdraw this item?"
        confirmLabel="Withdraw the item"
        isConfirming={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              showSuccessToast(`“${item.title}” was withdrawn`);
            },
            onError: (failure) => {
              setIsConfirming(false);
              showFailureToast('Failed to withdraw the item', failure);
            },
          })
        }
        onClose={() => setIsConfirming(false)}
      >
        {`“${item.title}” will not be decided, and nobody can vote on it any more. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

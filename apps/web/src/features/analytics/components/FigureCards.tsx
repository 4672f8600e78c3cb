import {
  assistantIntentLabels,
  emergencyKindLabels,
  handoverReasonLabels,
  type AssistantAnalytics,
  type HandoverReason,
} from '@commonwise/contracts';
import { Anchor, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { formatShare, languageName } from '../format.ts';
import { BreakdownList } from './BreakdownList.tsx';

export function FigureCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p="lg" h="100%">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      <Stack mt="md" gap="sm">
        {children}
      </Stack>
    </Paper>
  );
}

/** The reasons the issue names are always listed (a zero is a figure too); the others when they happened. */
const alwaysListed: HandoverReason[] = [
  'emergency',
  'asked_for_person',
  'no_answer_in_documents',
  'unknown_language',
  'low_confidence',
];

export function HandoversCard({ data }: { data: AssistantAnalytics }) {
  const { conversations } = data;
  const rows = data.handovers
    .filter((row) => row.conversations > 0 || alwaysListed.includes(row.reason))
    .sort((a, b) => b.conversations - a.conversations);
  return (
    <FigureCard
      id="analytics-handovers"
      title="Handed to a person"
      description={
        conversations.total === 0
          ? 'No conversations in this period.'
          : `${conversations.handedOver} of ${conversations.total} conversations (${formatShare(
              conversations.handedOver / conversations.total,
            )}). A conversation handed over for two reasons counts under both.`
      }
    >
      <Table verticalSpacing={6} aria-labelledby="analytics-handovers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reason</Table.Th>
            <Table.Th ta="right">Conversations</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.reason}>
              <Table.Td>{handoverReasonLabels[row.reason]}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.conversations}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FigureCard>
  );
}

export function CitationsCard({ data }: { data: AssistantAnalytics }) {
  const { answered, unanswered } = data.citations;
  const total = answered + unanswered;
  return (
    <FigureCard
      id="analytics-citations"
      title="Rules questions"
      description="Answered with a quotation from the association's documents, or with “I don't know”."
    >
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          No rules questions in this period.
        </Text>
      ) : (
        <>
          <Progress.Root size="lg" radius="xl" aria-hidden>
            <Progress.Section value={(answered / total) * 100} color="teal" />
            <Progress.Section value={(unanswered / total) * 100} color="orange" />
          </Progress.Root>
          <Stack component="dl" gap={6} m={0}>
            <Group justify="space-between" wrap="nowrap">
              <Text component="dt" size="sm">
                Answered with a citation
              </Text>
              <Text component="dd" m={0} size="sm" fw={600}>
                {answered} ({formatShare(answered / total)})
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text component="dt" size="sm">
                “I don't know”: no answer in the documents
              </Text>
              <Text component="dd" m={0} size="sm" fw={600}>
                {unanswered} ({formatShare(unanswered / total)})
              </Text>
            </Group>
          </Stack>
        </>
      )}
    </FigureCard>
  );
}

export function AnsweredByCard({ data }: { data: AssistantAnalytics }) {
  const { turns } = data;
  return (
    <FigureCard
      id="analytics-answered-by"
      title="Who answered"
      description={`${turns.total} resident ${turns.total === 1 ? 'message' : 'messages'} answered.`}
    >
      <BreakdownList
        label="Messages by who answered"
        total={turns.total}
        unit="message"
        color="grape"
        rows={[
          { key: 'rules', label: 'Built-in assistant (rules)', count: turns.byRules },
          { key: 'model', label: 'AI model', count: turns.byModel },
        ]}
      />
    </FigureCard>
  );
}

export function IntentsCard({ data }: { data: AssistantAnalytics }) {
  return (
    <FigureCard id="analytics-intents" title="What residents wrote about">
      <BreakdownList
        label="Messages by topic"
        total={data.turns.total}
        unit="message"
        rows={data.intents.map((row) => ({
          key: row.intent ?? 'none',
          label: row.intent ? assistantIntentLabels[row.intent] : 'Not classified',
          count: row.turns,
        }))}
      />
    </FigureCard>
  );
}

export function LanguagesCard({ data }: { data: AssistantAnalytics }) {
  return (
    <FigureCard id="analytics-languages" title="Languages">
      <BreakdownList
        label="Messages by language"
        total={data.turns.total}
        unit="message"
        color="cyan"
        rows={data.languages.map((row) => ({
          key: row.language ?? 'none',
          label: languageName(row.language),
          count: row.turns,
        }))}
      />
    </FigureCard>
  );
}

export function EmergenciesCard({ data }: { data: AssistantAnalytics }) {
  const total = data.emergencies.reduce((sum, row) => sum + row.conversations, 0);
  return (
    <FigureCard
      id="analytics-emergencies"
      title="Emergencies"
      description="Conversations where an emergency rule fired: safety steps first, then a person."
    >
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          No emergencies in this period.
        </Text>
      ) : (
        <BreakdownList
          label="Emergencies by kind"
          total={total}
          unit="conversation"
          color="red"
          rows={data.emergencies.map((row) => ({
            key: row.kind,
            label: emergencyKindLabels[row.kind],
            count: row.conversations,
          }))}
        />
      )}
    </FigureCard>
  );
}

export function UnansweredQuestionsCard({
  data,
  documentsPathOf,
}: {
  data: AssistantAnalytics;
  /** Where the property's documents are managed, for the caller's role. */
  documentsPathOf: (propertyId: string) => string;
}) {
  const { total, items } = data.unansweredQuestions;
  return (
    <FigureCard
      id="analytics-unanswered"
      title="Questions the documents could not answer"
      description={
        total === 0
          ? undefined
          : `${total} ${total === 1 ? 'question' : 'questions'}${
              items.length < total ? `, the ${items.length} most recent shown` : ''
            }. Adding the document that answers one lets the assistant quote it next time.`
      }
    >
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {data.citations.answered > 0
            ? 'Every rules question in this period was answered from the documents.'
            : 'No unanswered rules questions in this period.'}
        </Text>
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item, index) => (
            <Stack
              component="li"
              key={item.messageId}
              gap={4}
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} lineClamp={4}>
                “{item.question}”
              </Text>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {item.property?.name ?? 'No property'} · {formatDate(item.askedAt)}
                </Text>
                {item.property ? (
                  <Anchor
                    component={Link}
                    to={documentsPathOf(item.property.id)}
                    size="sm"
                    aria-label={`Add a document to ${item.property.name}`}
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconUpload size={14} aria-hidden />
                      Add a document
                    </Group>
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </FigureCard>
  );
}

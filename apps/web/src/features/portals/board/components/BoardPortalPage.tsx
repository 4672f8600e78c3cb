import { formatMoney } from '@commonwise/contracts';
import { Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconChartBar,
  IconFileDownload,
  IconFileText,
  IconGavel,
  IconMessageChatbot,
  IconTool,
  type TablerIcon,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { SampleDataBadge } from '../../../../components/SampleDataBadge.tsx';
import { portals } from '../../../../lib/portals.ts';
import { showFailureToast } from '../../../../lib/toasts.ts';
import { PortalModal } from '../../../../components/PortalModal.tsx';
import { WorkOrderOverviewSection } from '../../../work-orders/index.ts';
import { downloadBoardReport } from '../api.ts';
import { decisionDate, sampleDecisions, type SampleDecision } from '../sample-data.ts';

/** Summary figures, to the dollar. */
const dollars = (cents: number) => formatMoney(cents, { wholeDollars: true });

/** /board-portal (SPEC §2 Board portal, issue 9): live work order figures and finances, sample decisions. */
export function BoardPortalPage({
  lettersCard,
  booksCard,
  violationsCard,
  financeCard,
}: {
  lettersCard?: ReactNode;
  booksCard?: ReactNode;
  /** The association's rules and violations, to read (the violations feature). */
  violationsCard?: ReactNode;
  /** The Financial Dashboard (the finance feature; the route file composes it). */
  financeCard?: ReactNode;
} = {}) {
  const report = useMutation({ mutationFn: downloadBoardReport });
  const generateReport = () =>
    report.mutate(undefined, {
      onSuccess: (fileName) =>
        notifications.show({ color: 'green', title: 'Report downloaded', message: fileName }),
      onError: (error) => showFailureToast('Failed to generate the report', error),
    });

  return (
    <>
      <PageHeader
        title={portals.board.name}
        description="Your association's work orders as they stand, with examples of the financial and decision tools."
        actions={
          <Button
            leftSection={<IconFileDownload size={18} aria-hidden />}
            onClick={generateReport}
            loading={report.isPending}
          >
            Generate Report
          </Button>
        }
      />
      <Stack gap="xl" maw={1200}>
        <WorkOrderOverviewSection />
        {lettersCard}
        {booksCard}
        {violationsCard}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          {financeCard}
          <UpcomingDecisions />
        </SimpleGrid>
        <BoardFeatures />
      </Stack>
    </>
  );
}

function SectionCard({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {badge}
      </Group>
      {children}
    </Card>
  );
}

function UpcomingDecisions() {
  const [open, setOpen] = useState<SampleDecision | null>(null);
  const today = new Date();
  return (
    <SectionCard id="board-decisions" title="Upcoming Decisions" badge={<SampleDataBadge />}>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {sampleDecisions.map((decision) => (
          <Paper key={decision.id} withBorder radius="md" p="md" component="li">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" color="grape" radius="md" size={36}>
                  <IconGavel size={20} aria-hidden />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{decision.title}</Text>
                  <Text size="sm" c="dimmed">
                    Vote by {format(decisionDate(decision, today), 'MMM d, yyyy')}
                    {decision.amount === null ? '' : ` · ${dollars(decision.amount)}`}
                  </Text>
                </div>
              </Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => setOpen(decision)}
                aria-label={`Review: ${decision.title}`}
                style={{ flexShrink: 0 }}
              >
                Review
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <PortalModal opened={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''} size="lg">
        {open ? <DecisionDetails decision={open} today={today} /> : null}
      </PortalModal>
    </SectionCard>
  );
}

function DecisionDetails({ decision, today }: { decision: SampleDecision; today: Date }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <SampleDataBadge />
        <Text size="sm" c="dimmed">
          <IconCalendarEvent size={14} aria-hidden style={{ verticalAlign: -2 }} /> Vote by{' '}
          {format(decisionDate(decision, today), 'MMMM d, yyyy')}
          {decision.amount === null ? '' : ` · ${dollars(decision.amount)}`}
        </Text>
      </Group>
      <Text>{decision.summary}</Text>
      <div>
        <Title order={3} size="h6" mb={4}>
          Background
        </Title>
        <List size="sm" spacing={4}>
          {decision.details.map((detail) => (
            <List.Item key={detail}>{detail}</List.Item>
          ))}
        </List>
      </div>
      <div>
        <Title order={3} size="h6" mb={4}>
          Options
        </Title>
        <List size="sm" spacing={4} type="ordered">
          {decision.options.map((option) => (
            <List.Item key={option}>{option}</List.Item>
          ))}
        </List>
      </div>
      <Text size="sm" c="dimmed">
        This is an example of how a decision reaches the board. Voting is not available yet.
      </Text>
    </Stack>
  );
}

const features: { icon: TablerIcon; title: string; text: string }[] = [
  {
    icon: IconTool,
    title: 'Live work order overview',
    text: 'Open work orders by status, category and property, and how long completion takes.',
  },
  {
    icon: IconFileText,
    title: 'Reports on demand',
    text: "Generate Report downloads the overview with every open work order as a PDF, headed by your association's name, with times in its time zone.",
  },
  {
    icon: IconChartBar,
    title: 'Financial dashboard',
    text: 'The operating budget against what was spent and received this year, the reserve fund, and what owners owe, from the books.',
  },
  {
    icon: IconGavel,
    title: 'Upcoming decisions',
    text: 'What the board votes on next, with the background and options behind each item (samples).',
  },
  {
    icon: IconMessageChatbot,
    title: 'AI assistant',
    text: "Ask questions about your association's governing documents at any hour.",
  },
];

function BoardFeatures() {
  return (
    <SectionCard id="board-features" title="What the board portal gives you">
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {features.map(({ icon: Icon, title, text }) => (
          <Group key={title} component="li" gap="sm" align="flex-start" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={34}>
              <Icon size={18} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={600} size="sm">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

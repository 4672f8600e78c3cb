import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconFileDownload,
  IconFileText,
  IconGavel,
  IconMessageChatbot,
  IconTool,
  type TablerIcon,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { portals } from '../../../../lib/portals.ts';
import { showFailureToast } from '../../../../lib/toasts.ts';
import { UpcomingDecisionsCard } from '../../../decisions/index.ts';
import { WorkOrderOverviewSection } from '../../../work-orders/index.ts';
import { downloadBoardReport } from '../api.ts';

/**
 * /board-portal (SPEC §2 Board portal, issues 9 and 22): live work order figures, finances and the
 * decisions before the board.
 */
export function BoardPortalPage({
  announcementsCard,
  lettersCard,
  booksCard,
  violationsCard,
  financeCard,
  handoverCard,
}: {
  /** The way to the announcements the board writes (the announcements feature). */
  announcementsCard?: ReactNode;
  lettersCard?: ReactNode;
  booksCard?: ReactNode;
  /** The association's rules and violations, to read (the violations feature). */
  violationsCard?: ReactNode;
  /** The Financial Dashboard (the finance feature; the route file composes it). */
  financeCard?: ReactNode;
  /** The developer's hand-over reports to acknowledge (the projects feature; nothing when there are none). */
  handoverCard?: ReactNode;
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
        description="Your association's work orders, finances and the decisions before the board, as they stand."
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
        {handoverCard}
        <WorkOrderOverviewSection />
        {announcementsCard}
        {lettersCard}
        {booksCard}
        {violationsCard}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          {financeCard}
          <UpcomingDecisionsCard />
        </SimpleGrid>
        <BoardFeatures />
      </Stack>
    </>
  );
}

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
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
    text: 'What the board votes on next, with the background, documents and options behind each item; vote here or record a meeting vote.',
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

import { formatMoney, scheduleKindLabels, type AssessmentSchedule } from '@commonwise/contracts';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format.ts';
import { amountText, dueText } from '../schedule-text.ts';

const statusBadges: Record<AssessmentSchedule['status'], { label: string; color: string }> = {
  upcoming: { label: 'Upcoming', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  ended: { label: 'Ended', color: 'gray' },
};

/** When it runs: from its start to its end, its last installment, or on. */
function spanText(schedule: AssessmentSchedule): string {
  const from = `From ${formatDate(schedule.startsOn)}`;
  if (schedule.endsOn) return `${from} to ${formatDate(schedule.endsOn)}`;
  return schedule.kind === 'special' ? `${from} until its last installment` : `${from}, with no end date`;
}

/** The next due date and what it bills, or why it bills nothing. */
function nextText(schedule: AssessmentSchedule): string {
  if (!schedule.nextDueOn) return 'Nothing more is due: every charge has been posted.';
  const due = `Next due ${formatDate(schedule.nextDueOn)}`;
  if (schedule.nextTotalCents === null)
    return `${due}, but it cannot bill as its terms say (check the units' shares and kinds in the units list).`;
  return `${due}: ${formatMoney(schedule.nextTotalCents)} across today's units.`;
}

/** A special assessment ends with its last installment: it is only renamed. */
const editLabel = (schedule: AssessmentSchedule) =>
  schedule.kind === 'regular' ? 'Rename or end' : 'Rename';

/** The association's assessment schedules, newest start first, each with what it bills next. */
export function Schedules({
  schedules,
  onEdit,
}: {
  schedules: AssessmentSchedule[];
  /** Offered to the books' keepers: rename or end a schedule. */
  onEdit?: ((schedule: AssessmentSchedule) => void) | undefined;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="schedules">
      <Title order={2} size="h4" id="schedules">
        Schedules
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each schedule bills every unit on its due dates; the nightly run posts the charges.
      </Text>
      {schedules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No assessment schedule has been made yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {schedules.map((schedule) => {
            const status = statusBadges[schedule.status];
            return (
              <Paper
                key={schedule.id}
                withBorder
                radius="md"
                p="md"
                component="article"
                aria-label={schedule.name}
              >
                <Group justify="space-between" align="start" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {schedule.name}
                      </Text>
                      <Badge
                        variant="light"
                        color={schedule.kind === 'special' ? 'violet' : 'gray'}
                        size="sm"
                      >
                        {scheduleKindLabels[schedule.kind]}
                      </Badge>
                      <Badge variant="light" color={status.color} size="sm">
                        {status.label}
                      </Badge>
                    </Group>
                    <Text size="sm">{amountText(schedule)}</Text>
                    <Text size="sm">
                      {dueText(schedule)}. {spanText(schedule)}.
                    </Text>
                    <Text size="sm" fw={500}>
                      {nextText(schedule)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Credited to {schedule.incomeAccount.code} {schedule.incomeAccount.name} · adopted by{' '}
                      {schedule.adoptedBy}
                      {schedule.postedThrough
                        ? ` · posted through ${formatDate(schedule.postedThrough)}`
                        : ''}
                    </Text>
                    {schedule.emergencyFinding ? (
                      <Text size="xs" c="dimmed">
                        Emergency finding: {schedule.emergencyFinding}
                      </Text>
                    ) : null}
                  </Stack>
                  {onEdit && schedule.status !== 'ended' ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onEdit(schedule)}
                      aria-label={`${editLabel(schedule)} ${schedule.name}`}
                      style={{ flexShrink: 0 }}
                    >
                      {editLabel(schedule)}
                    </Button>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

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
  const due = `${schedule.kind === 'special' ? 'Next installment due' : 'Next due'} ${formatDate(schedule.nextDueOn)}`;
  if (schedule.nextTotalCents === null)
    return `${due}, but it cannot bill as its terms say (check the units’ shares and kinds in the units list).`;
  return `${due}: ${formatMoney(schedule.nextTotalCents)} across today’s units.`;
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
        Newest first. A schedule’s amount and dates never change: to bill a new amount, end it and make a new
        one.
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
                {/* The heading line holds the button, so the terms below have the card's full width. */}
                <Group justify="space-between" align="start" gap="xs" wrap="nowrap">
                  <Group gap="xs" style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {schedule.name}
                    </Text>
                    <Badge variant="light" color={schedule.kind === 'special' ? 'violet' : 'gray'} size="sm">
                      {scheduleKindLabels[schedule.kind]}
                    </Badge>
                    <Badge variant="light" color={status.color} size="sm">
                      {status.label}
                    </Badge>
                  </Group>
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
                <Stack gap={2} mt={4}>
                  <Text size="sm">{amountText(schedule)}</Text>
                  <Text size="sm">
                    {dueText(schedule)}. {spanText(schedule)}.
                  </Text>
                  <Text size="sm" fw={500}>
                    {nextText(schedule)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Adopted by: {schedule.adoptedBy}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Credited to {schedule.incomeAccount.code} {schedule.incomeAccount.name}
                    {schedule.postedThrough
                      ? ` · charges posted through ${formatDate(schedule.postedThrough)}`
                      : ' · nothing posted yet'}
                  </Text>
                  {schedule.emergencyFinding ? (
                    <Text size="xs" c="dimmed">
                      Emergency finding: {schedule.emergencyFinding}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

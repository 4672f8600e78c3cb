import type { AssessmentSchedule } from '@commonwise/contracts';
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCash, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { chartQueryOptions, schedulesQueryOptions } from '../api.ts';
import { ChargeDialog } from './ChargeDialog.tsx';
import { EditScheduleDialog } from './EditScheduleDialog.tsx';
import { FinanceLinks } from './FinanceLinks.tsx';
import { LateFees } from './LateFees.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { Payments } from './Payments.tsx';
import { RunPreview } from './RunPreview.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { Schedules } from './Schedules.tsx';
import { UnitAccount } from './UnitAccount.tsx';
import type { PickedUnit } from './UnitPicker.tsx';

/**
 * An association's assessments (issue 20, item 2): its schedules, what tonight's run will post, one-off
 * charges and a unit's account. Managers (and admins) make and end schedules and charge units; the board
 * reads (the server decides, per membership).
 */
export function AssessmentsPage({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  const [dialog, setDialog] = useState<'schedule' | 'charge' | 'payment' | null>(null);
  const [editing, setEditing] = useState<AssessmentSchedule | null>(null);
  const [unit, setUnit] = useState<PickedUnit | null>(null);
  const list = useQuery(schedulesQueryOptions(propertyId));
  // The chart gives the income accounts the dialogs offer.
  const chart = useQuery({ ...chartQueryOptions(propertyId, null), enabled: canWrite });
  if (list.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the assessments...</Text>
      </Group>
    );
  if (list.isError)
    return <ErrorState title="Failed to load the assessments" onRetry={() => void list.refetch()} />;
  const { schedules, jurisdiction, timeZone, today } = list.data;
  const accounts = chart.data?.accounts ?? [];
  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="assessments" />
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text style={{ flex: '1 1 18rem' }}>
            Schedules bill every unit on their due dates; the nightly run posts the charges to each unit’s
            account and to the books.
          </Text>
          {canWrite ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconCash size={16} aria-hidden />}
                onClick={() => setDialog('payment')}
              >
                Record a payment
              </Button>
              <Button
                variant="default"
                leftSection={<IconReceipt size={16} aria-hidden />}
                onClick={() => setDialog('charge')}
              >
                Charge a unit
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('schedule')}>
                New schedule
              </Button>
            </Group>
          ) : null}
        </Group>
      </Card>
      <Schedules schedules={schedules} onEdit={canWrite ? setEditing : undefined} />
      <RunPreview propertyId={propertyId} timeZone={timeZone} today={today} />
      <UnitAccount
        propertyId={propertyId}
        unit={unit}
        onUnitChange={setUnit}
        canWaive={canWrite || user.role === 'board'}
      />
      <Payments propertyId={propertyId} canWrite={canWrite} />
      <LateFees propertyId={propertyId} canWrite={canWrite} />
      {dialog === 'schedule' ? (
        <ScheduleDialog
          propertyId={propertyId}
          accounts={accounts}
          jurisdiction={jurisdiction}
          today={today}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'charge' ? (
        <ChargeDialog
          propertyId={propertyId}
          accounts={accounts}
          today={today}
          onClose={() => setDialog(null)}
          onCharged={setUnit}
        />
      ) : null}
      {dialog === 'payment' ? (
        <PaymentDialog
          propertyId={propertyId}
          today={today}
          onClose={() => setDialog(null)}
          onRecorded={setUnit}
        />
      ) : null}
      {editing ? (
        <EditScheduleDialog propertyId={propertyId} schedule={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

import { formatMoney, type AutopayEnrolment, type AutopayState } from '@commonwise/contracts';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlayerStop, IconRepeat, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { autopayQueryOptions, useStopAutopay } from '../api.ts';
import { describeAttempt, describeMethod, formatPeriod } from '../autopay-text.ts';
import { AutopayDialog } from './AutopayDialog.tsx';

/**
 * The Billing page's Autopay (issue 20, item 5; decision 0055): whether autopay pays the unit's balance
 * each month, with which card or bank account, up to what and on which day, what it did in the latest
 * months, and setting it up, changing or stopping it. A unit has one autopay, whichever owner set it up.
 */
export function AutopaySection({ unit }: { unit: { id: string; label: string } }) {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(autopayQueryOptions(unit.id));
  const [isEditing, setEditing] = useState(false);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-autopay">
      <Group gap="sm" mb={4}>
        <Title order={2} size="h4" id="billing-autopay">
          Autopay
        </Title>
        {data?.enrolment ? (
          <ToneBadge color="green">On</ToneBadge>
        ) : data ? (
          <ToneBadge color="gray">Off</ToneBadge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Pays the unit&apos;s balance each month from a saved card or bank account, never more than the maximum
        you set.
      </Text>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading autopay...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState
          title="Failed to load autopay"
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
          headingOrder={3}
        />
      ) : data.enrolment ? (
        <AutopayOn
          unit={unit}
          enrolment={data.enrolment}
          reminderDays={data.reminderDays}
          notice={data.available ? null : data.notice}
          onChange={() => setEditing(true)}
        />
      ) : (
        <AutopayOff state={data} onSetUp={() => setEditing(true)} />
      )}
      {isEditing && data ? (
        <AutopayDialog unitId={unit.id} enrolment={data.enrolment} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  );
}

function AutopayOn({
  unit,
  enrolment,
  reminderDays,
  notice,
  onChange,
}: {
  unit: { id: string; label: string };
  enrolment: AutopayEnrolment;
  reminderDays: number;
  /** Why autopay cannot charge here just now (online payments were turned off), if so. */
  notice: string | null;
  onChange: () => void;
}) {
  const [isStopping, setStopping] = useState(false);
  const stop = useStopAutopay(unit.id);
  const { data: me } = useCurrentUser();
  // A co-owner's autopay charges their card: only they change it; any owner may stop it.
  const isCoOwners = me != null && me.id !== enrolment.owner.id;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
        <Fact label="Pays with">{describeMethod(enrolment.method)}</Fact>
        <Fact label="Amount">
          Charges the balance on day {enrolment.chargeDay} of each month, up to{' '}
          {formatMoney(enrolment.maxCents)}
        </Fact>
        <Fact label="Next charge">
          {enrolment.nextChargeOn ? formatDate(enrolment.nextChargeOn) : 'None'}
        </Fact>
        <Fact label="Set up by">
          {enrolment.owner.fullName} on {formatDate(enrolment.startedOn)}
        </Fact>
      </SimpleGrid>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          A reminder with the amount comes {reminderDays} {reminderDays === 1 ? 'day' : 'days'} before each
          charge. When the balance is more than the maximum, nothing is charged and you are told.
        </Text>
      </Group>
      {notice ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {notice}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Title order={3} size="h6">
          Recent months
        </Title>
        {enrolment.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing charged yet: the first charge is on{' '}
            {enrolment.nextChargeOn ? formatDate(enrolment.nextChargeOn) : 'the charge day'}.
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {enrolment.history.map((attempt) => (
              <Text component="li" size="sm" key={`${attempt.period}-${attempt.outcome}-${attempt.at}`}>
                <Text span fw={600} size="sm">
                  {formatPeriod(attempt.period)}:
                </Text>{' '}
                {describeAttempt(attempt, enrolment.maxCents)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      {isCoOwners ? (
        <Text size="sm">
          {enrolment.owner.fullName} set it up with their own card or bank account, so only they can change
          it. You can stop it, then set up your own.
        </Text>
      ) : null}
      <Group gap="sm">
        {isCoOwners ? null : (
          <Button leftSection={<IconSettings size={16} aria-hidden />} onClick={onChange}>
            Change Autopay
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconPlayerStop size={16} aria-hidden />}
          onClick={() => setStopping(true)}
        >
          Stop Autopay
        </Button>
      </Group>
      <ConfirmDialog
        opened={isStopping}
        title="Stop autopay?"
        confirmLabel="Stop Autopay"
        isConfirming={stop.isPending}
        onClose={() => setStopping(false)}
        onConfirm={async () => {
          // Awaited, not mutate's callbacks: this part of the page is gone once autopay is off.
          try {
            await stop.mutateAsync();
            showSuccessToast('Autopay stopped');
          } catch (failure) {
            showFailureToast('Failed to stop autopay', failure);
          } finally {
            setStopping(false);
          }
        }}
      >
        {`${
          enrolment.nextChargeOn
            ? `The charge on ${formatDate(enrolment.nextChargeOn)} will not be made, and nothing more`
            : 'Nothing more'
        } is charged automatically for unit ${unit.label}. You can still pay with Make a Payment, or set autopay up again at any time.`}
      </ConfirmDialog>
    </Stack>
  );
}

function AutopayOff({ state, onSetUp }: { state: AutopayState; onSetUp: () => void }) {
  const ended = state.lastEnded;
  return (
    <Stack gap="md" align="flex-start">
      {ended ? (
        <Alert
          color="yellow"
          title={ended.endedOn ? `Autopay ended on ${formatDate(ended.endedOn)}` : 'Autopay ended'}
          icon={<IconInfoCircle size={18} aria-hidden />}
          w="100%"
        >
          <Stack gap={4}>
            <Text size="sm">{ended.endedReason ?? 'It was stopped.'}</Text>
            <Text size="sm">Nothing is charged automatically until autopay is set up again.</Text>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm">Autopay is off: nothing is charged automatically.</Text>
      )}
      {state.available ? (
        <Button leftSection={<IconRepeat size={16} aria-hidden />} onClick={onSetUp}>
          Set Up Autopay
        </Button>
      ) : (
        <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />} w="100%">
          {state.notice ?? 'Autopay cannot be set up here yet.'}
        </Alert>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

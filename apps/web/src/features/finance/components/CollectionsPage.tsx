import {
  collectionStageKindLabels,
  formatMoney,
  type CollectionCase,
  type CollectionsState,
} from '@commonwise/contracts';
import { Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { isApiRequestError } from '../../../lib/api.ts';
import { collectionsQueryOptions, useRollBackCollectionRun } from '../api.ts';
import { CollectionCaseDialog } from './CollectionCaseDialog.tsx';
import { CollectionPolicyDialog } from './CollectionPolicyDialog.tsx';
import { FinanceLinks } from './FinanceLinks.tsx';

/** "Stage 2 · Formal notice of delinquency", or that no letter has gone yet. */
export function stageText(state: Pick<CollectionsState, 'policy'>, stage: number | null) {
  if (stage === null) return 'No stage yet';
  const kind = state.policy?.stages[stage]?.kind;
  return `Stage ${stage + 1}${kind ? ` · ${collectionStageKindLabels[kind]}` : ''}`;
}

export function caseStatus(row: Pick<CollectionCase, 'status' | 'awaitingDecision' | 'letterToSend'>) {
  if (row.status === 'closed') return { label: 'Closed', color: 'gray' };
  if (row.status === 'paused') return { label: 'Payment plan', color: 'blue' };
  if (row.letterToSend) return { label: 'Letter to send', color: 'yellow' };
  if (row.awaitingDecision !== null) return { label: 'Awaiting board decision', color: 'orange' };
  return { label: 'Open', color: 'red' };
}

/**
 * An association's collections (issue 20, item 8): the policy's stages and what the state's law says,
 * the cases with their stage and what is past due, what tonight's run will do, and the recent runs —
 * the latest of which a manager can undo while none of its letters has gone out. The board reads it
 * and records its decisions on a case; managers keep the policy and agree payment plans.
 */
export function CollectionsPage({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  const { data, isPending, isError, refetch } = useQuery(collectionsQueryOptions(propertyId));
  const [editing, setEditing] = useState(false);
  // `?case=` names the case to open: a board decision item links to its case this way.
  const [searchParams, setSearchParams] = useSearchParams();
  const openCase = searchParams.get('case');
  const setOpenCase = (caseId: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (caseId) next.set('case', caseId);
        else next.delete('case');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      <FinanceLinks propertyId={propertyId} current="collections" />
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading collections...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState title="Failed to load collections" onRetry={() => void refetch()} headingOrder={2} />
      ) : (
        <>
          <Policy state={data} canWrite={canWrite} onEdit={() => setEditing(true)} />
          <Cases state={data} onOpen={setOpenCase} />
          <NextRun state={data} />
          <Runs propertyId={propertyId} state={data} canWrite={canWrite} />
          {editing ? (
            <CollectionPolicyDialog propertyId={propertyId} state={data} onClose={() => setEditing(false)} />
          ) : null}
          {openCase ? (
            <CollectionCaseDialog
              propertyId={propertyId}
              caseId={openCase}
              state={data}
              canWrite={canWrite}
              onClose={() => setOpenCase(null)}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Policy({
  state,
  canWrite,
  onEdit,
}: {
  state: CollectionsState;
  canWrite: boolean;
  onEdit: () => void;
}) {
  const { policy, limits } = state;
  const notice = limits.preLienNoticeDays;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="collections-policy">
      <Group justify="space-between" align="start" gap="sm" mb="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="collections-policy">
            Collections policy
          </Title>
          <Text size="sm" c="dimmed">
            Each night at 3:00 AM a delinquent unit moves at most one stage, and its letter is drafted for you
            to review and send.
          </Text>
        </div>
        {canWrite ? (
          <Button variant="default" onClick={onEdit}>
            {policy ? 'Change the policy' : 'Set the policy'}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {!policy ? (
          <Text size="sm">No policy has been set: no collection cases are opened.</Text>
        ) : (
          <>
            {!policy.active ? (
              <Text size="sm" fw={600}>
                Turned off: the nightly run does not move any case.
              </Text>
            ) : null}
            <List size="sm" type="ordered" spacing={4}>
              {policy.stages.map((stage, index) => (
                <List.Item key={index}>
                  {collectionStageKindLabels[stage.kind]}: {stage.daysPastDue} days past due
                  {stage.minBalanceCents > 0
                    ? ` and at least ${formatMoney(stage.minBalanceCents)} past due`
                    : ''}
                  ; {stage.cureDays} days to pay
                  {stage.requiresDecision ? '; only after the board decides' : ''}.
                </List.Item>
              ))}
            </List>
            {policy.updatedAt ? (
              <Text size="xs" c="dimmed">
                Last changed {formatDateTime(policy.updatedAt)}
                {policy.updatedByName ? ` by ${policy.updatedByName}` : ''}.
              </Text>
            ) : null}
          </>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            What the state’s law says
          </Text>
          <Text size="xs" c="dimmed">
            {notice.days !== null
              ? `Notice before a lien: at least ${notice.days} days (${notice.statute}). ${notice.note}`
              : `Notice before a lien: unknown — ${notice.note} Set the days from your documents and counsel.`}
          </Text>
          {limits.procedure.steps.map((step) => (
            <Text key={step} size="xs" c="dimmed">
              {step}
              {limits.procedure.statute ? ` (${limits.procedure.statute})` : ''}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function Cases({ state, onOpen }: { state: CollectionsState; onOpen: (caseId: string) => void }) {
  const columns: Column<CollectionCase>[] = [
    {
      key: 'unit',
      label: 'Unit',
      render: (row) => (
        <>
          <Text size="sm" fw={600} span style={{ display: 'block' }}>
            {row.unit.label}
          </Text>
          <Text size="xs" c="dimmed" span style={{ display: 'block' }}>
            {row.owners.length > 0 ? row.owners.join(', ') : 'No owner recorded'}
          </Text>
        </>
      ),
    },
    { key: 'stage', label: 'Stage', render: (row) => stageText(state, row.stage) },
    {
      key: 'status',
      label: 'Status',
      render: (row) => {
        const status = caseStatus(row);
        return (
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        );
      },
    },
    {
      key: 'pastDue',
      label: 'Past due',
      align: 'right',
      render: (row) => (row.pastDueCents === 0 ? '—' : formatMoney(row.pastDueCents)),
    },
    {
      key: 'days',
      label: 'Days late',
      align: 'right',
      render: (row) => (row.daysPastDue === 0 ? '—' : String(row.daysPastDue)),
    },
    {
      key: 'open',
      label: 'Case',
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => onOpen(row.id)}
          aria-label={`Open the case of unit ${row.unit.label}`}
        >
          Open
        </Button>
      ),
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="collection-cases">
      <Title order={2} size="h4" id="collection-cases" mb="sm">
        Cases
      </Title>
      {state.cases.length === 0 ? (
        <Text size="sm">No unit is in collections.</Text>
      ) : (
        <ResponsiveTable
          caption="Collection cases"
          columns={columns}
          rows={state.cases}
          rowKey={(row) => row.id}
          titleColumn="unit"
        />
      )}
    </Card>
  );
}

function NextRun({ state }: { state: CollectionsState }) {
  const { nextRun } = state;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="collections-next-run">
      <Title order={2} size="h4" id="collections-next-run" mb="sm">
        Tonight’s run
      </Title>
      {nextRun.count === 0 ? (
        <Text size="sm">The run of {formatDate(nextRun.on)} will change nothing.</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            The run of {formatDate(nextRun.on)} will make {nextRun.count}{' '}
            {nextRun.count === 1 ? 'change' : 'changes'}:
          </Text>
          <List size="sm" spacing={2}>
            {nextRun.actions.map((action, index) => (
              <List.Item key={index}>{action.summary}</List.Item>
            ))}
          </List>
          {nextRun.count > nextRun.actions.length ? (
            <Text size="xs" c="dimmed">
              And {nextRun.count - nextRun.actions.length} more.
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}

function Runs({
  propertyId,
  state,
  canWrite,
}: {
  propertyId: string;
  state: CollectionsState;
  canWrite: boolean;
}) {
  const [undoing, setUndoing] = useState<CollectionsState['runs'][number] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rollBack = useRollBackCollectionRun(propertyId);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="collection-runs">
      <Title order={2} size="h4" id="collection-runs" mb="sm">
        Recent runs
      </Title>
      {problem ? (
        <Text size="sm" c="red" role="alert" mb="sm">
          {problem}
        </Text>
      ) : null}
      {state.runs.length === 0 ? (
        <Text size="sm">No run has changed anything yet.</Text>
      ) : (
        <Stack gap="xs">
          {state.runs.map((run) => (
            <Group key={run.id} justify="space-between" gap="sm" wrap="wrap">
              <div style={{ flex: '1 1 16rem' }}>
                <Text size="sm" fw={600}>
                  {formatDate(run.runOn)}
                  {run.rolledBackAt ? ' — undone' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {run.summary}
                  {run.rolledBackAt
                    ? ` Undone ${formatDateTime(run.rolledBackAt)}${run.rolledBackByName ? ` by ${run.rolledBackByName}` : ''}.`
                    : ''}
                </Text>
              </div>
              {canWrite && run.canRollBack ? (
                <Button size="xs" variant="default" onClick={() => setUndoing(run)}>
                  Undo this run
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={undoing !== null}
        title="Undo this run?"
        confirmLabel="Undo the run"
        isConfirming={rollBack.isPending}
        onClose={() => setUndoing(null)}
        onConfirm={() => {
          if (!undoing) return;
          setProblem(null);
          rollBack.mutate(undoing.id, {
            onSuccess: () => showSuccessToast('The run was undone'),
            onError: (failure) =>
              setProblem(
                isApiRequestError(failure) ? failure.message : 'Something went wrong. Please try again.',
              ),
            onSettled: () => setUndoing(null),
          });
        }}
      >
        {undoing
          ? `${undoing.letters === 0 ? 'It drafted no letter.' : undoing.letters === 1 ? 'The letter it drafted will be cancelled.' : `The ${undoing.letters} letters it drafted will be cancelled.`} Each case it changed goes back to where it was.`
          : ''}
      </ConfirmDialog>
    </Card>
  );
}

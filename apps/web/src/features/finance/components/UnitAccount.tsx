import { chargeKindLabels, formatMoney, type UnitLedger } from '@commonwise/contracts';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { downloadUnitStatement, unitLedgerPageSize, unitLedgerQueryOptions, useWaiveCharge } from '../api.ts';
import { useAssociationToday } from '../../properties/api.ts';
import { StatementDownload } from './StatementDownload.tsx';
import { UnitPicker, type PickedUnit } from './UnitPicker.tsx';

type Line = UnitLedger['lines'][number];

/** What a line is: the charge it posted (its kind and due date), a reversal, or the entry's memo. */
function LineDescription({ line }: { line: Line }) {
  const detail = line.reversesEntryId
    ? 'Reversal'
    : line.charge
      ? `${chargeKindLabels[line.charge.kind]} · due ${formatDate(line.charge.dueOn)}`
      : null;
  return (
    <>
      <Text size="sm" span style={{ display: 'block' }}>
        {line.charge?.description ?? line.memo}
      </Text>
      <Text size="xs" c="dimmed" span style={{ display: 'block' }}>
        {detail ? `${detail} · entry #${line.entryNumber}` : `Entry #${line.entryNumber}`}
      </Text>
    </>
  );
}

const columns: Column<Line>[] = [
  { key: 'date', label: 'Date', render: (line) => formatDate(line.postedOn) },
  { key: 'description', label: 'Description', render: (line) => <LineDescription line={line} /> },
  { key: 'amount', label: 'Amount', align: 'right', render: (line) => formatMoney(line.amountCents) },
  { key: 'balance', label: 'Balance', align: 'right', render: (line) => formatMoney(line.balanceCents) },
];

/** A charge can be waived unless its reversal is already on the page (the server checks the rest). */
const waivable = (line: Line, reversed: Set<string>) =>
  line.charge !== null && line.reversesEntryId === null && !reversed.has(line.entryId);

function balanceText(ledger: UnitLedger): string {
  const unit = `Unit ${ledger.unit.label}`;
  if (ledger.balanceCents > 0) return `${unit} owes ${formatMoney(ledger.balanceCents)}`;
  if (ledger.balanceCents < 0) return `${unit} has a credit of ${formatMoney(-ledger.balanceCents)}`;
  return `${unit} owes nothing`;
}

/**
 * A unit's account, from the journal: every charge, payment and reversal on the owners' accounts,
 * newest first, with the balance after each; a positive amount is more owed.
 */
export function UnitAccount({
  propertyId,
  unit,
  onUnitChange,
  canWaive = false,
}: {
  propertyId: string;
  unit: PickedUnit | null;
  onUnitChange: (unit: PickedUnit | null) => void;
  /** Managers and the board may waive a charge nothing has been paid on. */
  canWaive?: boolean;
}) {
  const { today } = useAssociationToday(propertyId);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="unit-account">
      <Group justify="space-between" align="end" gap="sm" mb="md" wrap="wrap">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="unit-account">
            A unit’s account
          </Title>
          <Text size="sm" c="dimmed">
            What a unit has been charged and has paid, newest first.
          </Text>
        </div>
        <UnitPicker propertyId={propertyId} label="Unit" value={unit} onChange={onUnitChange} w={280} />
      </Group>
      {unit ? (
        <Stack gap="lg">
          {/* Keyed by the unit: another unit's account opens on its first page. */}
          <LedgerLines
            key={unit.id}
            queryFor={(page) => unitLedgerQueryOptions(propertyId, unit.id, page)}
            waiveIn={canWaive ? propertyId : null}
          />
          <StatementDownload
            key={`statement-${unit.id}`}
            today={today}
            label={`Unit ${unit.label}'s statement for`}
            download={(month) => downloadUnitStatement(propertyId, unit.id, month)}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Choose a unit to see its account.
        </Text>
      )}
    </Card>
  );
}

/**
 * A unit's account lines, a page at a time, with its balance: read by the books' readers for any unit,
 * or by an owner for their own (the query says which). With `waiveIn`, a charge can be waived there.
 */
export function LedgerLines({
  queryFor,
  waiveIn,
}: {
  queryFor: (page: number) => ReturnType<typeof unitLedgerQueryOptions>;
  waiveIn: string | null;
}) {
  const [page, setPage] = useState(1);
  const [waiving, setWaiving] = useState<Line | null>(null);
  const { data, isPending, isError, refetch } = useQuery(queryFor(page));
  if (isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the unit’s account...
        </Text>
      </Group>
    );
  if (isError)
    return (
      <ErrorState title="Failed to load the unit’s account" onRetry={() => void refetch()} headingOrder={3} />
    );
  return (
    <Stack gap="sm">
      <Text fw={600} size="lg" role="status">
        {balanceText(data)}
      </Text>
      {data.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has been charged to this unit yet.
        </Text>
      ) : (
        <>
          <ResponsiveTable
            caption={`Account of unit ${data.unit.label}`}
            columns={
              waiveIn
                ? withWaive(new Set(data.lines.flatMap((line) => line.reversesEntryId ?? [])), setWaiving)
                : columns
            }
            rows={data.lines}
            rowKey={(line) => line.id}
            titleColumn="description"
          />
          <ListPager
            noun="account lines"
            page={page}
            pageSize={unitLedgerPageSize}
            total={data.total}
            onChange={setPage}
          />
        </>
      )}
      {waiving && waiveIn ? (
        <WaiveDialog propertyId={waiveIn} line={waiving} onClose={() => setWaiving(null)} />
      ) : null}
    </Stack>
  );
}

function withWaive(reversed: Set<string>, onWaive: (line: Line) => void): Column<Line>[] {
  return [
    ...columns,
    {
      key: 'actions',
      label: 'Actions',
      render: (line) =>
        waivable(line, reversed) ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onWaive(line)}
            aria-label={`Waive ${line.charge!.description}`}
          >
            Waive
          </Button>
        ) : null,
    },
  ];
}

/** Waives a charge with the reason, which the owner reads on their account ("Waived: …"). */
function WaiveDialog({ propertyId, line, onClose }: { propertyId: string; line: Line; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const waive = useWaiveCharge(propertyId);
  const submit = () => {
    if (!reason.trim()) return setError('Say why it is waived');
    setError(null);
    waive.mutate(
      { chargeId: line.charge!.id, reason: reason.trim() },
      {
        onSuccess: (charge) => {
          showSuccessToast(`${charge.description} (${formatMoney(charge.amountCents)}) waived`);
          onClose();
        },
        onError: (failure) =>
          setError(
            isApiRequestError(failure)
              ? (failure.fields?.reason ?? failure.message)
              : 'Something went wrong. Please try again.',
          ),
      },
    );
  };
  return (
    <PortalModal opened onClose={onClose} title="Waive a charge" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            {line.charge!.description}, {formatMoney(line.amountCents)}. It will no longer be owed; the waiver
            and its reason show on the unit’s account.
          </Text>
          <TextInput
            label="Why it is waived"
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            maxLength={300}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={waive.isPending}>
              Waive charge
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

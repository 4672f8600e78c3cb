import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { occupantKindLabels } from '@commonwise/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getAvailableUsers, usersWithRoleQueryOptions } from '../../api.ts';
import { toUserOptions } from '../../components/pick-list.tsx';
import {
  isCompleteResident,
  residentKinds,
  totalUnitsOf,
  unitLabelsOf,
  type DraftResident,
  type ResidentKind,
} from '../draft.ts';
import { useOnboarding } from '../use-onboarding.ts';
import { NoPeople, PeopleError, PeopleLoading } from './people-state.tsx';
import { BackButton, NextButton, SkipButton, StepFrame, useStepNavigation } from './StepFrame.tsx';
import { UnitsSource } from './UnitsSource.tsx';

type RowErrors = Record<number, { userId?: string; unitNumber?: string }>;

const emptyRow: DraftResident = { userId: '', unitNumber: '', kind: 'tenant' };
const kindOptions = residentKinds.map((kind) => ({ value: kind, label: occupantKindLabels[kind] }));
const isEmptyRow = (row: DraftResident) => row.userId === '' && row.unitNumber.trim() === '';

/** What is wrong with each half-filled row (SPEC §5 Add resident's messages). */
export function findRowErrors(rows: readonly DraftResident[]): RowErrors {
  const errors: RowErrors = {};
  rows.forEach((row, index) => {
    if (isEmptyRow(row)) return;
    if (row.userId === '') errors[index] = { userId: 'Please select a resident' };
    else if (row.unitNumber.trim() === '') errors[index] = { unitNumber: 'Please choose a unit' };
  });
  return errors;
}

/**
 * Step 5: the property's units (numbered from Basic Info's count, or from a CSV file) and the residents
 * placed in them, each resident once, no more residents than units.
 */
export function ResidentsStep() {
  const { draft, updateResidents } = useOnboarding();
  const { goBack, goNext, skip } = useStepNavigation('residents');
  const residents = useQuery(usersWithRoleQueryOptions('resident'));
  const [errors, setErrors] = useState<RowErrors>({});
  const [countError, setCountError] = useState<string | null>(null);

  const savedRows = draft.residents.initialResidents;
  const rows = savedRows.length > 0 ? savedRows : [emptyRow];
  const totalUnits = totalUnitsOf(draft);
  const unitOptions = unitLabelsOf(draft);
  const needsFile = draft.units.source === 'csv' && draft.units.csv === null;
  const assigned = rows.filter(isCompleteResident).length;
  const available = Math.max(0, totalUnits - assigned);
  const candidates = residents.data ? getAvailableUsers(residents.data, []) : [];

  const setRows = (next: DraftResident[]) => {
    updateResidents(next);
    setCountError(null);
  };
  const changeRow = (index: number, change: Partial<DraftResident>) => {
    setRows(rows.map((row, candidate) => (candidate === index ? { ...row, ...change } : row)));
    setErrors(({ [index]: _cleared, ...rest }) => rest);
  };
  const removeRow = (index: number) => {
    setRows(rows.filter((_row, candidate) => candidate !== index));
    setErrors({});
  };

  const next = () => {
    if (needsFile) {
      setCountError('Choose a units file without errors, or number the units from Basic Info.');
      return;
    }
    const rowErrors = findRowErrors(rows);
    setErrors(rowErrors);
    if (Object.keys(rowErrors).length > 0) return;
    if (assigned > totalUnits) {
      setCountError(
        `There are more residents (${assigned}) than units (${totalUnits}): remove residents, or go back to Basic Info and add units.`,
      );
      return;
    }
    // Only rows with both a resident and a unit number are kept (SPEC §5).
    updateResidents(rows.filter(isCompleteResident));
    goNext();
  };

  const chosenElsewhere = (index: number) =>
    new Set(rows.filter((_row, candidate) => candidate !== index).map((row) => row.userId));
  const canAddRow = rows.length < totalUnits && rows.length < candidates.length;

  return (
    <StepFrame
      title="Residents"
      description="Optional: the property's units, and the residents who already live here in them. Each resident can be chosen once."
      actions={
        <>
          <BackButton onClick={goBack} />
          <Group gap="sm">
            <SkipButton onClick={() => skip('residents')} />
            <NextButton onClick={next} />
          </Group>
        </>
      }
    >
      <UnitsSource />
      <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Units summary">
        <Summary label="Total Units" value={totalUnits} />
        <Summary label="Assigned" value={assigned} />
        <Summary label="Available" value={available} />
      </SimpleGrid>

      {residents.isPending ? (
        <PeopleLoading text="Loading residents..." />
      ) : residents.isError ? (
        <PeopleError
          title="Failed to load residents"
          onRetry={() => void residents.refetch()}
          isRetrying={residents.isFetching}
        />
      ) : candidates.length === 0 ? (
        <NoPeople title="No residents yet" role="resident" />
      ) : (
        <Stack gap="sm">
          {rows.map((row, index) => {
            const taken = chosenElsewhere(index);
            const options = toUserOptions(candidates.filter((user) => !taken.has(user.id)));
            return (
              <Paper key={index} withBorder radius="md" p="sm">
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                    <Select
                      label={`Resident ${index + 1}`}
                      placeholder="Select a resident"
                      data={options}
                      value={row.userId || null}
                      onChange={(value) => changeRow(index, { userId: value ?? '' })}
                      searchable
                      clearable
                      nothingFoundMessage="No residents match"
                      error={errors[index]?.userId}
                    />
                    <Select
                      label={`Unit Number ${index + 1}`}
                      placeholder="Choose a unit"
                      data={unitOptions}
                      value={row.unitNumber || null}
                      onChange={(value) => changeRow(index, { unitNumber: value ?? '' })}
                      searchable
                      limit={100}
                      nothingFoundMessage="No unit has that label"
                      error={errors[index]?.unitNumber}
                    />
                    <Select
                      label={`Lives there as ${index + 1}`}
                      data={kindOptions}
                      value={row.kind}
                      onChange={(value) =>
                        changeRow(index, { kind: (value as ResidentKind | null) ?? 'tenant' })
                      }
                      allowDeselect={false}
                    />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Remove resident row ${index + 1}`}
                    title="Remove"
                    onClick={() => removeRow(index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRows([...rows, emptyRow])}
              disabled={!canAddRow}
            >
              Add Resident
            </Button>
            {!canAddRow ? (
              <Text size="xs" c="dimmed">
                {rows.length >= totalUnits
                  ? 'Every unit has a row: add units in Basic Info for more.'
                  : 'Every resident has a row.'}
              </Text>
            ) : null}
          </Group>
        </Stack>
      )}
      {countError ? (
        <Alert color="red" role="alert">
          {countError}
        </Alert>
      ) : null}
    </StepFrame>
  );
}

function Summary({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" ta="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

import {
  chosenOccupantKinds,
  occupantKindLabels,
  type PersonUnit,
  type PropertyPerson,
} from '@commonwise/contracts';
import {
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPager } from '../../../components/ListPager.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { peopleQueryOptions, unitsPageSize, useUpdateOccupancy } from '../api.ts';
import { AddMembershipDialog, EndMembershipDialog, type MembershipToEnd } from './MembershipDialogs.tsx';
import { formatShare } from './UnitsTable.tsx';

interface PeopleSectionProps {
  propertyId: string;
  /** Add owners and occupants, end them: the property's managers and admins. */
  canEdit: boolean;
}

/** What a person is to a unit, in a few words: "Owner · primary · 50%", "Tenant". */
export function describeMembership(unit: PersonUnit): string {
  if (unit.relation === 'owner')
    return [
      'Owner',
      unit.isPrimary ? 'primary contact' : null,
      unit.shareBp ? formatShare(unit.shareBp) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return occupantKindLabels[unit.occupantKind ?? 'unrecorded'];
}

function period(unit: PersonUnit): string {
  const from = unit.startsOn ? `from ${formatDate(unit.startsOn)}` : null;
  const until = unit.endsOn ? `until ${formatDate(unit.endsOn)}` : null;
  return [from, until].filter(Boolean).join(' ');
}

/** The property page's People: owners and occupants with their units, current or with history. */
export function PeopleSection({ propertyId, canEdit }: PeopleSectionProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [includePast, setIncludePast] = useState(false);
  const [adding, setAdding] = useState<'owner' | 'occupant' | null>(null);
  const [toEnd, setToEnd] = useState<MembershipToEnd | null>(null);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useQuery(
    peopleQueryOptions(propertyId, { q, page, includePast }),
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="people-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="people-title">
            People{data ? ` (${data.total})` : ''}
          </Title>
          {canEdit ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setAdding('owner')}
              >
                Add Owner
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setAdding('occupant')}
              >
                Add Occupant
              </Button>
            </Group>
          ) : null}
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 14rem' }}
            label="Search people"
            placeholder="Name, e-mail or unit"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              isFetching && !isPending ? <Loader size="xs" role="status" aria-label="Searching" /> : null
            }
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Switch
            label="Show history"
            checked={includePast}
            onChange={(event) => {
              setIncludePast(event.currentTarget.checked);
              setPage(1);
            }}
            pb={8}
          />
        </Group>
        {isPending ? (
          <Group justify="center" gap="sm" p="lg" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Loading people...</Text>
          </Group>
        ) : isError ? (
          <ErrorState
            headingOrder={3}
            title="Failed to load people"
            description="There was a problem fetching this property's owners and occupants. Please try again."
            onRetry={() => void refetch()}
            isRetrying={isFetching}
          />
        ) : data.people.length === 0 ? (
          <StatusMessage
            headingOrder={3}
            icon={<IconUsers size={32} aria-hidden />}
            title={q ? 'No one matches your search' : 'No owners or occupants yet'}
            description={
              q
                ? 'Try another name, e-mail address or unit.'
                : 'Owners and occupants of the units appear here.'
            }
          />
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none', opacity: isPlaceholderData ? 0.6 : 1 }}
            aria-label="Owners and occupants"
            aria-busy={isPlaceholderData}
          >
            {data.people.map((person, index) => (
              <PersonRow
                key={person.userId}
                propertyId={propertyId}
                person={person}
                isFirst={index === 0}
                canEdit={canEdit}
                onEnd={(unit) =>
                  setToEnd({
                    unitId: unit.unitId,
                    unitLabel: unit.unitLabel,
                    relation: unit.relation,
                    membershipId: unit.membershipId,
                    fullName: person.fullName,
                  })
                }
              />
            ))}
          </Stack>
        )}
        {data ? (
          <ListPager
            noun="people"
            page={page}
            pageSize={unitsPageSize}
            total={data.total}
            onChange={setPage}
          />
        ) : null}
      </Stack>
      {canEdit ? (
        <>
          <AddMembershipDialog propertyId={propertyId} relation={adding} onClose={() => setAdding(null)} />
          <EndMembershipDialog propertyId={propertyId} membership={toEnd} onClose={() => setToEnd(null)} />
        </>
      ) : null}
    </Paper>
  );
}

function PersonRow({
  propertyId,
  person,
  isFirst,
  canEdit,
  onEnd,
}: {
  propertyId: string;
  person: PropertyPerson;
  isFirst: boolean;
  canEdit: boolean;
  onEnd: (unit: PersonUnit) => void;
}) {
  return (
    <Stack
      component="li"
      gap={6}
      py="sm"
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <div>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {person.fullName}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Text>
      </div>
      <Stack
        gap={4}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={`${person.fullName}'s units`}
      >
        {person.units.map((unit) => (
          <Group component="li" key={unit.membershipId} gap="xs" wrap="wrap" justify="space-between">
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray" tt="none">
                Unit {unit.unitLabel}
              </Badge>
              <Text size="sm">{describeMembership(unit)}</Text>
              <Text size="sm" c="dimmed">
                {period(unit)}
              </Text>
              {unit.isCurrent ? null : (
                <Badge size="sm" variant="light" color="gray">
                  Past
                </Badge>
              )}
            </Group>
            {canEdit && unit.isCurrent && unit.occupantKind === 'unrecorded' ? (
              <RecordKindMenu propertyId={propertyId} unit={unit} fullName={person.fullName} />
            ) : null}
            {canEdit && unit.isCurrent && !unit.endsOn ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => onEnd(unit)}
                aria-label={`${unit.relation === 'owner' ? 'End ownership' : 'Record move-out'} of unit ${unit.unitLabel} for ${person.fullName}`}
              >
                {unit.relation === 'owner' ? 'End ownership' : 'Move out'}
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** For an occupant carried over without a recorded relationship: say how they live there. */
function RecordKindMenu({
  propertyId,
  unit,
  fullName,
}: {
  propertyId: string;
  unit: PersonUnit;
  fullName: string;
}) {
  const updateOccupancy = useUpdateOccupancy(propertyId);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" loading={updateOccupancy.isPending}>
          Record relationship
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={`How ${fullName} lives in unit ${unit.unitLabel}`}>
        {chosenOccupantKinds.map((kind) => (
          <Menu.Item
            key={kind}
            onClick={() =>
              updateOccupancy.mutate(
                { unitId: unit.unitId, occupancyId: unit.membershipId, input: { kind } },
                {
                  onSuccess: () =>
                    showSuccessToast(`${fullName} recorded as ${occupantKindLabels[kind].toLowerCase()}`),
                  onError: (error) => showFailureToast('Failed to record the relationship', error),
                },
              )
            }
          >
            {occupantKindLabels[kind]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

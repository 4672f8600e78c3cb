import type { Inspection, InspectionUnit } from '@commonwise/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconClipboardCheck,
  IconCurrentLocation,
  IconHomeEdit,
  IconHomeSearch,
  IconMapPin,
  IconSearch,
  IconTool,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  arcRequestPagePath,
  inspectionsQueryOptions,
  inspectionUnitsPageSize,
  inspectionUnitsQueryOptions,
  useEndInspection,
  useStartInspection,
  violationPagePath,
  violationRulesPagePath,
  violationsPagePath,
} from '../api.ts';
import { arcRequestStandingText } from '../labels.ts';
import { useBrowserLocation } from '../use-browser-location.ts';
import { RecordViolationDialog } from './RecordViolationDialog.tsx';
import { CureReportedBadge } from './ViolationStatusBadges.tsx';

/**
 * An inspection drive on a phone (issue 21 item 2): start or continue the caller's own inspection of
 * the property, walk the units (nearest first once the browser shares where the inspector is), see
 * what is open at each, and record a violation with photos. Ending it is confirmed first.
 */
export function InspectionPage({ propertyId }: { propertyId: string }) {
  const me = useSignedInUser();
  const inspections = useQuery(inspectionsQueryOptions(propertyId));
  const start = useStartInspection(propertyId);
  const [started, setStarted] = useState<Inspection | null>(null);

  if (inspections.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading inspections...</Text>
      </Group>
    );
  if (inspections.isError)
    return (
      <ErrorState
        title="Failed to load inspections"
        description={getErrorMessage(inspections.error)}
        onRetry={() => void inspections.refetch()}
        isRetrying={inspections.isFetching}
      />
    );

  const own = inspections.data.inspections.find(
    (inspection) => inspection.endedAt === null && inspection.inspector?.id === me.id,
  );
  const active = own ?? (started && started.endedAt === null ? started : null);
  if (active)
    return <ActiveInspection propertyId={propertyId} inspection={active} onEnded={() => setStarted(null)} />;

  const recent = inspections.data.inspections.slice(0, 5);
  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Start an inspection
          </Title>
          <Text size="sm">
            Walk or drive the community with your phone: the units are listed with what is open at each, and a
            violation is recorded with photos and a rule in use. Only you add to your inspection.
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconClipboardCheck size={18} aria-hidden />}
              loading={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: setStarted,
                  onError: (error) => showFailureToast('Failed to start the inspection', error),
                })
              }
            >
              Start inspection
            </Button>
            <Anchor component={Link} to={violationRulesPagePath(propertyId)} size="sm">
              The association’s rules
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="recent-inspections">
        <Title order={2} size="h5" id="recent-inspections">
          Recent inspections
        </Title>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            No inspections yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {recent.map((inspection) => (
              <Text component="li" size="sm" key={inspection.id}>
                {formatDateTime(inspection.startedAt)} · {inspection.inspector?.fullName ?? 'Former staff'} ·{' '}
                {inspection.violationsRecorded}{' '}
                {inspection.violationsRecorded === 1 ? 'violation' : 'violations'}
                {inspection.endedAt === null ? ' · in progress' : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function ActiveInspection({
  propertyId,
  inspection,
  onEnded,
}: {
  propertyId: string;
  inspection: Inspection;
  onEnded: () => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [isEnding, setIsEnding] = useState(false);
  const [recording, setRecording] = useState<InspectionUnit | null>(null);
  const place = useBrowserLocation();
  const end = useEndInspection(propertyId);
  const units = useQuery(inspectionUnitsQueryOptions(inspection.id, { q, location: place.rounded, page }));

  let list: ReactNode;
  if (units.isPending)
    list = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading units...</Text>
      </Group>
    );
  else if (units.isError)
    list = (
      <ErrorState
        title="Failed to load the units"
        description={getErrorMessage(units.error)}
        onRetry={() => void units.refetch()}
        isRetrying={units.isFetching}
      />
    );
  else if (units.data.units.length === 0)
    list = (
      <StatusMessage
        icon={<IconHomeSearch size={32} aria-hidden />}
        title={q ? 'No units match' : 'No units yet'}
        description={q ? 'Try another unit number or building.' : 'Add the association’s units first.'}
      />
    );
  else
    list = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Units"
      >
        {units.data.units.map((unit) => (
          <UnitCard key={unit.id} propertyId={propertyId} unit={unit} onRecord={() => setRecording(unit)} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h5">
              Inspection in progress
            </Title>
            <Text size="sm" c="dimmed">
              Started {formatDateTime(inspection.startedAt)} · {inspection.violationsRecorded}{' '}
              {inspection.violationsRecorded === 1 ? 'violation' : 'violations'} recorded
            </Text>
          </Stack>
          <Button variant="light" color="red" onClick={() => setIsEnding(true)}>
            End inspection
          </Button>
        </Group>
      </Card>
      <Stack gap={6}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search units"
            placeholder="Unit or building"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={100}
            style={{ flex: '1 1 12rem' }}
            type="search"
          />
          <Button
            variant={place.point ? 'light' : 'default'}
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            onClick={() => {
              place.locate();
              setPage(1);
            }}
            loading={place.status === 'asking'}
          >
            {place.point ? 'Update my location' : 'Use my location'}
          </Button>
        </Group>
        <Text
          size="xs"
          c={place.status === 'denied' || place.status === 'unavailable' ? 'red.8' : 'dimmed'}
          aria-live="polite"
        >
          {place.status === 'on'
            ? 'Nearest units first, where a unit’s place is known from earlier violations. Your location is saved with each violation you record.'
            : place.status === 'denied'
              ? 'Location is blocked for this site. Allow it in the browser’s settings to list the nearest units first.'
              : place.status === 'unavailable'
                ? 'Your location could not be found. The units are listed by number.'
                : 'Units are listed by number. Share your location to list the nearest first.'}
        </Text>
      </Stack>
      {list}
      {units.data && !units.isError ? (
        <ListPager
          noun="units"
          page={page}
          pageSize={inspectionUnitsPageSize}
          total={units.data.total}
          onChange={setPage}
        />
      ) : null}
      {recording ? (
        <RecordViolationDialog
          propertyId={propertyId}
          inspectionId={inspection.id}
          unit={recording}
          location={place.point}
          onClose={() => setRecording(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={isEnding}
        title="End this inspection?"
        confirmLabel="End inspection"
        isConfirming={end.isPending}
        onClose={() => setIsEnding(false)}
        onConfirm={() =>
          end.mutate(inspection.id, {
            onSuccess: (ended) => {
              showSuccessToast(
                `Inspection ended: ${ended.violationsRecorded} ${ended.violationsRecorded === 1 ? 'violation' : 'violations'} recorded`,
              );
              setIsEnding(false);
              onEnded();
            },
            onError: (error) => showFailureToast('Failed to end the inspection', error),
          })
        }
      >
        Nothing more can be added to it once it has ended. You can start a new one at any time.
      </ConfirmDialog>
      <Anchor component={Link} to={violationsPagePath({ propertyId })} size="sm">
        All violations of this association
      </Anchor>
    </Stack>
  );
}

function formatDistance(meters: number): string {
  return meters < 1000 ? `${meters} m away` : `${(meters / 1000).toFixed(1)} km away`;
}

function UnitCard({
  propertyId,
  unit,
  onRecord,
}: {
  propertyId: string;
  unit: InspectionUnit;
  onRecord: () => void;
}) {
  const open = unit.openViolations.length;
  const headingId = `unit-${unit.id}`;
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-labelledby={headingId}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {unit.label}
            </Title>
            {unit.building || unit.distanceMeters !== null ? (
              <Text size="xs" c="dimmed">
                {[
                  unit.building ? `Building ${unit.building}` : null,
                  unit.distanceMeters !== null ? formatDistance(unit.distanceMeters) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {unit.distanceMeters !== null ? (
                  <IconMapPin size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: -1 }} />
                ) : null}
              </Text>
            ) : null}
          </Stack>
          {open > 0 ? (
            <Badge
              color="red"
              variant="light"
              leftSection={<Box w={8} h={8} bg="red.7" style={{ borderRadius: '50%' }} aria-hidden />}
            >
              {open} open
            </Badge>
          ) : null}
        </Group>
        {open > 0 ? (
          <Stack
            gap={2}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={`Open violations at ${unit.label}`}
          >
            {unit.openViolations.map((violation) => (
              <Text component="li" size="sm" key={violation.id}>
                <Anchor component={Link} to={violationPagePath(violation.id)} size="sm" underline="always">
                  {violation.ruleTitle}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' '}
                  · seen {formatDate(violation.observedAt)}
                  {violation.cureDueOn ? ` · cure by ${formatDate(violation.cureDueOn)}` : ''}
                </Text>
                {violation.cureReportedAt ? (
                  <>
                    {' '}
                    <CureReportedBadge />
                  </>
                ) : null}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No open violations
          </Text>
        )}
        {unit.openArcRequests.length > 0 ? (
          // Before citing new work here: it may be approved, or before the committee.
          <Box>
            <Text size="xs" c="dimmed">
              <IconHomeEdit size={12} aria-hidden style={{ verticalAlign: -1 }} /> Architectural{' '}
              {unit.openArcRequests.length === 1 ? 'request' : 'requests'}
            </Text>
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`Open architectural requests at ${unit.label}`}
            >
              {unit.openArcRequests.map((request) => {
                const isApproved = request.status === 'decided' || request.status === 'pending_inspection';
                return (
                  <Text component="li" size="sm" key={request.id}>
                    <Anchor
                      component={Link}
                      to={arcRequestPagePath(propertyId, request.id)}
                      size="sm"
                      underline="always"
                    >
                      {request.projectTypeName}
                    </Anchor>
                    <Text
                      span
                      size="xs"
                      c={isApproved ? 'teal.9' : 'dimmed'}
                      fw={isApproved ? 500 : undefined}
                    >
                      {' '}
                      · {arcRequestStandingText(request)}
                    </Text>
                  </Text>
                );
              })}
            </Stack>
          </Box>
        ) : null}
        {unit.openWorkOrders > 0 ? (
          <Text size="xs" c="dimmed">
            <IconTool size={12} aria-hidden style={{ verticalAlign: -1 }} /> {unit.openWorkOrders} open work{' '}
            {unit.openWorkOrders === 1 ? 'order' : 'orders'}
          </Text>
        ) : null}
        <Group mt="auto" pt={4}>
          <Button
            size="sm"
            variant="light"
            onClick={onRecord}
            aria-label={`Record violation at ${unit.label}`}
            fullWidth
          >
            Record violation
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

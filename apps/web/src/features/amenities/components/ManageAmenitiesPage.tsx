import type { Amenity } from '@commonwise/contracts';
import { formatMoney } from '@commonwise/contracts';
import { Badge, Button, Card, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CommunityNav } from '../../../components/CommunityNav.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { propertiesQueryOptions } from '../../properties/api.ts';
import { formatSpan, managedAmenitiesQueryOptions } from '../api.ts';
import { ManagerBookings } from './ManagerBookings.tsx';
import { RulesEditor } from './RulesEditor.tsx';
import { SectionState } from './SectionState.tsx';

/**
 * /community/amenities (issue 23 item 5): an association's managers keep its amenities' rules, close
 * them for a time, approve or decline the bookings that need it, settle deposits after the event, and
 * see every booking to come.
 */
export function ManageAmenitiesPage() {
  const properties = useQuery(propertiesQueryOptions({ limit: 100 }));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = properties.data?.properties ?? [];
  const propertyId = chosen ?? list[0]?.id ?? null;
  return (
    <Stack gap="lg" maw={1100}>
      <CommunityNav />
      <PageHeader
        title="Amenities"
        description="Rules, closures, approvals, deposits and bookings of your associations’ amenities."
      />
      <SectionState
        query={properties}
        loadingText="Loading your associations..."
        errorTitle="Your associations could not be loaded"
      >
        {() =>
          list.length === 0 ? (
            <Text c="dimmed">You run no association with amenities yet.</Text>
          ) : (
            <>
              {list.length > 1 ? (
                <Select
                  label="Association"
                  data={list.map((item) => ({ value: item.id, label: item.name }))}
                  value={propertyId}
                  onChange={setChosen}
                  allowDeselect={false}
                  maw={420}
                />
              ) : null}
              {propertyId ? (
                <Tabs defaultValue="bookings" keepMounted={false}>
                  <Tabs.List>
                    <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
                    <Tabs.Tab value="amenities">Amenities and rules</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="bookings" pt="md">
                    <ManagerBookings key={propertyId} propertyId={propertyId} />
                  </Tabs.Panel>
                  <Tabs.Panel value="amenities" pt="md">
                    <AmenitiesPanel key={propertyId} propertyId={propertyId} />
                  </Tabs.Panel>
                </Tabs>
              ) : null}
            </>
          )
        }
      </SectionState>
    </Stack>
  );
}

function amenityLine(amenity: Amenity): string {
  const money =
    amenity.feeCents === 0 && amenity.depositCents === 0
      ? 'free'
      : [
          amenity.feeCents > 0 ? `fee ${formatMoney(amenity.feeCents)}` : null,
          amenity.depositCents > 0 ? `deposit ${formatMoney(amenity.depositCents)}` : null,
        ]
          .filter(Boolean)
          .join(', ');
  return [
    amenity.capacityMode === 'shared' ? `Shared by up to ${amenity.capacity} people` : 'One party at a time',
    `${amenity.slotMinutes}-minute slots`,
    money,
    amenity.approvalRequired ? 'the manager approves each booking' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function AmenitiesPanel({ propertyId }: { propertyId: string }) {
  const amenities = useQuery(managedAmenitiesQueryOptions(propertyId));
  // The amenity being edited, by id: its closures and rules are read from the list as it changes.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <SectionState
      query={amenities}
      loadingText="Loading the amenities..."
      errorTitle="The amenities could not be loaded"
    >
      {(data) => {
        const amenity = data.amenities.find((item) => item.id === editing);
        if (editing === 'new' || amenity)
          return (
            <RulesEditor
              key={editing}
              propertyId={propertyId}
              amenity={amenity ?? null}
              onDone={() => setEditing(null)}
            />
          );
        return (
          <Stack gap="sm">
            <Group>
              <Button onClick={() => setEditing('new')}>Add an amenity</Button>
            </Group>
            {data.amenities.length === 0 ? (
              <Text c="dimmed" size="sm">
                No amenities yet. Add the clubhouse, the pool or a court, with its rules.
              </Text>
            ) : null}
            {data.amenities.map((item) => (
              <Card key={item.id} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="wrap" align="flex-start">
                  <Stack gap={4} style={{ flex: '1 1 320px' }}>
                    <Group gap="xs">
                      <Text fw={600}>{item.name}</Text>
                      {item.active ? null : (
                        <Badge color="gray" variant="light">
                          Not taking bookings
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {amenityLine(item)}
                    </Text>
                    {item.blackouts.map((closure) => (
                      <Text key={closure.id} size="sm">
                        Closed {formatSpan(closure.startsAt, closure.endsAt, item.timeZone)}: {closure.reason}
                      </Text>
                    ))}
                  </Stack>
                  <Button variant="default" size="sm" onClick={() => setEditing(item.id)}>
                    Edit rules and closures
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        );
      }}
    </SectionState>
  );
}

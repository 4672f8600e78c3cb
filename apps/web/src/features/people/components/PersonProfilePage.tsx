import {
  committeeKindLabels,
  committeeRoleLabels,
  occupantKindLabels,
  type PersonProfile,
} from '@commonwise/contracts';
import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { personProfileQueryOptions } from '../api.ts';

interface PersonProfilePageProps {
  /** Where "back" goes: the users list (admins) or the manager portal. */
  backPath: string;
  backLabel: string;
  /** The property page of an association, for links; null where the viewer has none. */
  propertyPath?: (propertyId: string) => string | null;
}

/**
 * A person's profile (issue 17): their units (ownerships, occupancies) and memberships (managed
 * properties, board and committee seats) across associations, current and past. The server decides
 * what the viewer sees: everything for admins, their own properties' part for managers.
 */
export function PersonProfilePage({ backPath, backLabel, propertyPath }: PersonProfilePageProps) {
  const { userId = '' } = useParams();
  const profile = useQuery(personProfileQueryOptions(userId));
  const back = (
    <Anchor component={Link} to={backPath} size="sm" mb="sm" display="inline-flex" style={{ gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden /> {backLabel}
    </Anchor>
  );

  if (profile.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading profile...</Text>
      </Group>
    );
  if (profile.isError) {
    if (isApiRequestError(profile.error) && [400, 404].includes(profile.error.status))
      return <PersonNotFound backPath={backPath} backLabel={backLabel} />;
    return (
      <>
        {back}
        <ErrorState
          headingOrder={1}
          title="Failed to load profile"
          description="There was a problem fetching this person's profile. Please try again."
          onRetry={() => void profile.refetch()}
          isRetrying={profile.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {back}
      <Profile profile={profile.data} propertyPath={propertyPath} />
    </>
  );
}

function PersonNotFound({ backPath, backLabel }: { backPath: string; backLabel: string }) {
  usePageTitle('Person not found');
  return (
    <StatusMessage
      headingOrder={1}
      icon={<IconUserQuestion size={32} aria-hidden />}
      title="Person not found"
      description="This person does not exist, or has nothing in the properties you manage."
      actions={
        <Button component={Link} to={backPath}>
          {backLabel}
        </Button>
      }
    />
  );
}

const period = (from: string | null, to: string | null) =>
  to
    ? `${from ? formatDate(from) : 'Unknown'} – ${formatDate(to)}`
    : from
      ? `Since ${formatDate(from)}`
      : 'Current';

function StatusBadge({ isCurrent }: { isCurrent: boolean }) {
  return isCurrent ? null : (
    <Badge size="sm" variant="outline" color="gray">
      Past
    </Badge>
  );
}

function Profile({
  profile,
  propertyPath,
}: {
  profile: PersonProfile;
  propertyPath: PersonProfilePageProps['propertyPath'];
}) {
  const { person } = profile;
  const place = (propertyId: string, propertyName: string) => {
    const path = propertyPath?.(propertyId) ?? null;
    return path ? (
      <Anchor component={Link} to={path} size="sm">
        {propertyName}
      </Anchor>
    ) : (
      <Text size="sm" span>
        {propertyName}
      </Text>
    );
  };
  return (
    <>
      <PageHeader
        title={person.fullName || person.email}
        description={
          <Group gap="xs" component="span">
            <Text span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {person.email}
            </Text>
            <RoleBadge role={person.role} />
            {person.isDeactivated && (
              <Badge color="red" variant="light">
                Deactivated
              </Badge>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
        <ProfileCard
          id="profile-ownerships"
          title="Units owned"
          empty="No ownerships."
          items={profile.ownerships.map((ownership) => ({
            key: ownership.id,
            title: (
              <>
                <Text size="sm" fw={500} span>
                  Unit {ownership.unitLabel}
                </Text>
                {' · '}
                {place(ownership.propertyId, ownership.propertyName)}
              </>
            ),
            badges: (
              <>
                {ownership.isPrimary && (
                  <Badge size="sm" variant="light">
                    Primary contact
                  </Badge>
                )}
                <StatusBadge isCurrent={ownership.isCurrent} />
              </>
            ),
            detail: period(ownership.startsOn, ownership.endsOn),
          }))}
        />
        <ProfileCard
          id="profile-occupancies"
          title="Lives in"
          empty="No occupancies."
          items={profile.occupancies.map((occupancy) => ({
            key: occupancy.id,
            title: (
              <>
                <Text size="sm" fw={500} span>
                  Unit {occupancy.unitLabel}
                </Text>
                {' · '}
                {place(occupancy.propertyId, occupancy.propertyName)}
              </>
            ),
            badges: (
              <>
                <Badge size="sm" variant="light" color="gray">
                  {occupantKindLabels[occupancy.kind]}
                </Badge>
                <StatusBadge isCurrent={occupancy.isCurrent} />
              </>
            ),
            detail: period(occupancy.movedInOn, occupancy.movedOutOn),
          }))}
        />
        <ProfileCard
          id="profile-seats"
          title="Board & committee seats"
          empty="No board or committee seats."
          items={profile.committeeSeats.map((seat) => ({
            key: seat.id,
            title: (
              <>
                <Text size="sm" fw={500} span>
                  {committeeRoleLabels[seat.role]}, {seat.committeeName}
                </Text>
                {' · '}
                {place(seat.propertyId, seat.propertyName)}
              </>
            ),
            badges: (
              <>
                <Badge size="sm" variant="light" color={seat.committeeKind === 'board' ? 'indigo' : 'teal'}>
                  {committeeKindLabels[seat.committeeKind]}
                </Badge>
                <StatusBadge isCurrent={seat.isCurrent} />
              </>
            ),
            detail: period(seat.startsOn, seat.endsOn),
          }))}
        />
        <ProfileCard
          id="profile-managed"
          title="Manages"
          empty="Manages no properties."
          items={profile.managedProperties.map((managed) => ({
            key: managed.id,
            title: place(managed.propertyId, managed.propertyName),
            badges: managed.isPrimary ? (
              <Badge size="sm" variant="light">
                Primary manager
              </Badge>
            ) : null,
            detail: `Since ${formatDate(managed.assignedAt)}`,
          }))}
        />
      </SimpleGrid>
    </>
  );
}

function ProfileCard({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: { key: string; title: ReactNode; badges?: ReactNode; detail: string }[];
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Stack
              component="li"
              key={item.key}
              gap={2}
              py={8}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group gap={6} wrap="wrap">
                <Text size="sm" span style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
                {item.badges}
              </Group>
              <Text size="xs" c="dimmed">
                {item.detail}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

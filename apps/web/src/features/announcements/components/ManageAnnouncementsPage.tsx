import {
  announcementDisplayStatuses,
  announcementStatusLabels,
  type Announcement,
} from '@commonwise/contracts';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CommunityNav } from '../../../components/CommunityNav.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import {
  manageAnnouncementPath,
  manageAnnouncementsPageSize,
  manageAnnouncementsQueryOptions,
  newAnnouncementPath,
  newEmergencyPath,
} from '../api.ts';
import { isSent, shareText, statusDateText } from '../labels.ts';
import {
  AnnouncementStatusBadge,
  AssociationPicker,
  LoadingLine,
  WithAuthorProperties,
} from './AuthorBits.tsx';

const statusOptions = announcementDisplayStatuses.map((status) => ({
  value: status,
  label: announcementStatusLabels[status],
}));

/**
 * /community/announcements (issue 23 item 1): an association's announcements for its managers and
 * board — drafts, scheduled, published, withdrawn and expired — with whom each is for, when it went out
 * and how many read and acknowledged it. The association, status and page are in the address.
 */
export function ManageAnnouncementsPage() {
  return (
    <Stack gap="lg" maw={1280}>
      <CommunityNav />
      <WithAuthorProperties>
        {(properties) => <AnnouncementsList properties={properties} />}
      </WithAuthorProperties>
    </Stack>
  );
}

function AnnouncementsList({ properties }: { properties: { id: string; name: string }[] }) {
  // Managers and admins send emergencies; the board writes announcements only (the server decides too).
  const { role } = useSignedInUser();
  const sendsEmergencies = role === 'manager' || role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('propertyId');
  const property = properties.find(({ id }) => id === asked) ?? properties[0]!;
  const status =
    announcementDisplayStatuses.find((candidate) => candidate === searchParams.get('status')) ?? null;
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const list = useQuery(manageAnnouncementsQueryOptions(property.id, { status, page }));

  const setFilter = (key: 'propertyId' | 'status' | 'page', value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        if (key === 'propertyId') next.delete('status');
        return next;
      },
      { replace: key !== 'page' },
    );

  let content: ReactNode;
  if (list.isPending) content = <LoadingLine>Loading announcements...</LoadingLine>;
  else if (list.isError)
    content = (
      <ErrorState
        title="Failed to load announcements"
        description={getErrorMessage(list.error)}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  else if (list.data.announcements.length === 0)
    content = (
      <StatusMessage
        icon={<IconSpeakerphone size={32} aria-hidden />}
        title={
          status
            ? `No ${announcementStatusLabels[status].toLowerCase()} announcements`
            : 'No announcements yet'
        }
        description={
          status
            ? 'Choose another status to see the others.'
            : `Tell the people of ${property.name} what they need to know: a water shut-off, a meeting, a rule change.`
        }
        actions={
          status ? undefined : (
            <Button
              component={Link}
              to={newAnnouncementPath(property.id)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New announcement
            </Button>
          )
        }
      />
    );
  else
    content = (
      <Stack gap="md">
        <ResponsiveTable
          caption={`Announcements of ${property.name}`}
          columns={columns}
          rows={list.data.announcements}
          rowKey={(announcement) => announcement.id}
          titleColumn="title"
        />
        <ListPager
          noun="announcements"
          page={page}
          pageSize={manageAnnouncementsPageSize}
          total={list.data.total}
          onChange={(next) => setFilter('page', next === 1 ? null : String(next))}
        />
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Announcements"
        description={
          properties.length > 1
            ? 'Write to the people of your associations, and see who read and acknowledged what you sent.'
            : `Write to the people of ${property.name}, and see who read and acknowledged what you sent.`
        }
        actions={
          <>
            {sendsEmergencies ? (
              <Button
                component={Link}
                to={newEmergencyPath(property.id)}
                color="red"
                variant="light"
                leftSection={<IconAlertTriangle size={16} aria-hidden />}
              >
                Emergency notice
              </Button>
            ) : null}
            <Button
              component={Link}
              to={newAnnouncementPath(property.id)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New announcement
            </Button>
          </>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap" mt={-8}>
        <AssociationPicker
          properties={properties}
          value={property.id}
          onChange={(propertyId) => setFilter('propertyId', propertyId)}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={status}
          onChange={(value) => setFilter('status', value)}
          clearable
          maw={{ base: '100%', sm: 220 }}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>
      {content}
    </>
  );
}

const columns: Column<Announcement>[] = [
  {
    key: 'title',
    label: 'Title',
    render: (announcement) => (
      <Anchor
        component={Link}
        to={manageAnnouncementPath(announcement.propertyId, announcement.id)}
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {announcement.title}
      </Anchor>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    render: (announcement) => <AnnouncementStatusBadge status={announcement.status} />,
  },
  { key: 'audience', label: 'For', render: (announcement) => announcement.audience.label },
  {
    key: 'date',
    label: 'When',
    render: (announcement) => (
      <Text size="sm" span>
        {statusDateText(announcement)}
      </Text>
    ),
  },
  {
    key: 'reach',
    label: 'Read and acknowledged',
    render: (announcement) => {
      if (!isSent(announcement))
        return (
          <Text size="sm" c="dimmed" span>
            {announcement.status === 'withdrawn' ? 'Never sent' : 'Not sent yet'}
          </Text>
        );
      const { recipients, read, acknowledged } = announcement.counts;
      return (
        <Stack gap={0}>
          <Text size="sm" span>
            {shareText(read, recipients, 'read')}
          </Text>
          {announcement.requiresAck ? (
            <Text size="sm" span>
              {shareText(acknowledged, recipients, 'acknowledged')}
            </Text>
          ) : null}
        </Stack>
      );
    },
  },
];

import type { Announcement, AnnouncementRecipient, AnnouncementRecipientFilter } from '@commonwise/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBellRinging,
  IconPencil,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  announcementRecipientsQueryOptions,
  audienceCountQueryOptions,
  editAnnouncementPath,
  emergencyPath,
  manageAnnouncementQueryOptions,
  useLiveCounts,
  useRemindAnnouncement,
  manageAnnouncementsPagePath,
  recipientsPageSize,
  useDeleteAnnouncement,
  useWithdrawAnnouncement,
} from '../api.ts';
import { formatWhen, isSent, peopleText, recipientFilterLabels, shareText } from '../labels.ts';
import { AnnouncementStatusBadge, BackToAnnouncements, LoadingLine } from './AuthorBits.tsx';
import { AnnouncementFiles } from './AnnouncementFiles.tsx';
import { MarkdownLite } from './MarkdownLite.tsx';
import { Translations } from './Translations.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={id}
      style={{ minWidth: 0 }}
    >
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * /community/announcements/:propertyId/:announcementId (issue 23 item 1): one announcement for its
 * authors — its text as readers see it, whom it is for, its dates and status; once sent, how many
 * read and acknowledged it and who has not (live: each read or acknowledgement arrives on the announcement's realtime channel).
 * A draft is edited or deleted; a scheduled one edited or withdrawn; a published one withdrawn.
 */
export function ManageAnnouncementPage({
  propertyId,
  announcementId,
}: {
  propertyId: string;
  announcementId: string;
}) {
  const announcement = useQuery(manageAnnouncementQueryOptions(propertyId, announcementId));
  useLiveCounts(propertyId, announcementId);
  const back = <BackToAnnouncements propertyId={propertyId} />;

  if (!announcement.isSuccess)
    return (
      <DetailLoadState
        query={announcement}
        what="announcement"
        back={back}
        notFoundDescription="It may have been deleted, or it belongs to an association you do not write for."
      />
    );

  const data = announcement.data;
  const isEditable = data.status === 'draft' || data.status === 'scheduled';
  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <PageHeader
        title={data.title}
        description={`${data.propertyName} · for ${data.audience.label}`}
        actions={
          <>
            {data.kind === 'emergency' && data.status === 'draft' ? (
              <Button
                component={Link}
                to={emergencyPath(data.propertyId, data.id)}
                color="red.9"
                leftSection={<IconSend size={16} aria-hidden />}
              >
                Check and send
              </Button>
            ) : isEditable ? (
              <Button
                component={Link}
                to={editAnnouncementPath(data.propertyId, data.id)}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
            ) : null}
            {data.status === 'draft' ? <DeleteButton announcement={data} /> : null}
            {data.status === 'scheduled' || data.status === 'published' ? (
              <WithdrawButton announcement={data} />
            ) : null}
          </>
        }
      />
      <Group gap="sm" wrap="wrap" mt={-8}>
        <AnnouncementStatusBadge status={data.status} />
        {data.kind === 'emergency' ? (
          <Badge color="red.9" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
            Emergency
          </Badge>
        ) : null}
        {data.sourceWorkOrder ? (
          <Text size="sm" c="dimmed">
            Drafted from work order {data.sourceWorkOrder.reference}.
          </Text>
        ) : null}
        {data.requiresAck ? (
          <Text size="sm" c="dimmed">
            Readers are asked to acknowledge it.
          </Text>
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section id="announcement-reach" title="Read and acknowledged">
          <Reach announcement={data} />
        </Section>
        <Section id="announcement-details" title="Details">
          <Details announcement={data} />
        </Section>
      </SimpleGrid>

      <Section id="announcement-text" title="Announcement">
        <MarkdownLite source={data.body} />
      </Section>

      <Section id="announcement-files" title="Files">
        <AnnouncementFiles side="author" announcement={data} />
      </Section>

      {data.status === 'withdrawn' && data.translations.length === 0 ? null : (
        <Section id="announcement-translations" title="Translations">
          <Translations announcement={data} />
        </Section>
      )}

      {isSent(data) ? (
        <Section id="announcement-recipients" title="Recipients">
          <Recipients announcement={data} />
        </Section>
      ) : null}
    </Stack>
  );
}

function Share({ label, count, of, color }: { label: string; count: number; of: number; color: string }) {
  const percent = of === 0 ? 0 : Math.round((count / of) * 100);
  const text = shareText(count, of, label);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fw={500}>{text}</Text>
        <Text size="sm" c="dimmed">
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} color={color} size="lg" radius="xl" aria-label={`${text} (${percent}%)`} />
    </Stack>
  );
}

function Reach({ announcement }: { announcement: Announcement }) {
  if (!isSent(announcement)) return <NotSentYet announcement={announcement} />;
  const { recipients, read, acknowledged } = announcement.counts;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Sent to {peopleText(recipients)}.
      </Text>
      <Share label="read" count={read} of={recipients} color="indigo" />
      {announcement.requiresAck ? (
        <Share label="acknowledged" count={acknowledged} of={recipients} color="teal" />
      ) : null}
      {announcement.status === 'published' ? (
        <RemindButton
          announcement={announcement}
          pending={recipients - (announcement.requiresAck ? acknowledged : read)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * One click reminds those who have not acknowledged it (or read it), each by their own preferences; the
 * server allows one reminder an hour and says when the next may go.
 */
function RemindButton({ announcement, pending }: { announcement: Announcement; pending: number }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remind = useRemindAnnouncement(announcement.propertyId, announcement.id);
  if (pending <= 0) return null;
  const what = announcement.requiresAck ? 'acknowledged' : 'read';
  const who = pending === 1 ? 'the 1 person who has' : `the ${pending} people who have`;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        leftSection={<IconBellRinging size={16} aria-hidden />}
        onClick={() => setIsConfirming(true)}
      >
        {`Remind ${who} not ${what} it`}
      </Button>
      {announcement.lastRemindedAt ? (
        <Text size="xs" c="dimmed">
          {`Last reminder ${formatWhen(announcement.lastRemindedAt)} (${announcement.reminders} sent so far).`}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={isConfirming}
        title="Send a reminder?"
        confirmLabel="Send the reminder"
        isConfirming={remind.isPending}
        onConfirm={() =>
          remind.mutate(undefined, {
            onSuccess: (result) => {
              setIsConfirming(false);
              showSuccessToast(
                result.reminded === 0
                  ? 'Everyone has already done it: nobody was reminded'
                  : `${peopleText(result.reminded)} reminded`,
              );
            },
            onError: (failure) => {
              setIsConfirming(false);
              showFailureToast('Failed to send the reminder', failure);
            },
          })
        }
        onClose={() => setIsConfirming(false)}
      >
        {`Each of ${who} not ${what} “${announcement.title}” is reminded in the app and by e-mail, as their settings allow. You can send one reminder an hour.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** A draft or a scheduled one: how many people its audience has today. */
function NotSentYet({ announcement }: { announcement: Announcement }) {
  const audience =
    announcement.audience.kind === 'buildings'
      ? { kind: 'buildings' as const, buildings: announcement.audience.buildings }
      : announcement.audience.kind === 'units'
        ? { kind: 'units' as const, unitIds: announcement.audience.units.map((unit) => unit.id) }
        : { kind: announcement.audience.kind };
  const reach = useQuery({
    ...audienceCountQueryOptions(announcement.propertyId, audience),
    enabled: announcement.status !== 'withdrawn',
  });
  if (announcement.status === 'withdrawn')
    return <Text c="dimmed">It was withdrawn before it went out: nobody received it.</Text>;
  return (
    <Stack gap={4}>
      <Text>
        {announcement.status === 'scheduled' ? 'Not sent yet: it goes out as scheduled.' : 'Not sent yet.'}
      </Text>
      <Text size="sm" c="dimmed">
        {reach.data
          ? `Its audience is ${peopleText(reach.data.people)} today.`
          : reach.isError
            ? 'Could not count its audience.'
            : 'Counting its audience...'}
      </Text>
    </Stack>
  );
}

function Details({ announcement }: { announcement: Announcement }) {
  const rows: [string, string][] = [['For', announcement.audience.label]];
  if (announcement.author) rows.push(['Written by', announcement.author.fullName]);
  if (announcement.status === 'scheduled' && announcement.publishAt)
    rows.push(['Goes out', formatWhen(announcement.publishAt)]);
  if (announcement.publishedAt) rows.push(['Published', formatWhen(announcement.publishedAt)]);
  if (announcement.expiresAt)
    rows.push([
      announcement.status === 'expired' ? 'Expired' : 'Shown until',
      formatWhen(announcement.expiresAt),
    ]);
  if (announcement.withdrawnAt) rows.push(['Withdrawn', formatWhen(announcement.withdrawnAt)]);
  rows.push(['Last edited', formatWhen(announcement.updatedAt)]);
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map(([term, value]) => (
        <Group key={term} gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
            {term}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The columns; a reminder shows where the person has not done what it asked (read, or acknowledge). */
const recipientColumns = (requiresAck: boolean): Column<AnnouncementRecipient>[] => [
  { key: 'name', label: 'Name', render: (recipient) => recipient.fullName },
  {
    key: 'units',
    label: 'Units',
    render: (recipient) => (recipient.units.length > 0 ? recipient.units.join(', ') : '—'),
  },
  {
    key: 'read',
    label: 'Read',
    render: (recipient) =>
      recipient.readAt ? (
        formatWhen(recipient.readAt)
      ) : (
        <NotYet remindedAt={requiresAck ? null : recipient.remindedAt} />
      ),
  },
];
const acknowledgedColumn: Column<AnnouncementRecipient> = {
  key: 'acknowledged',
  label: 'Acknowledged',
  render: (recipient) =>
    recipient.acknowledgedAt ? (
      formatWhen(recipient.acknowledgedAt)
    ) : (
      <NotYet remindedAt={recipient.remindedAt} />
    ),
};

function NotYet({ remindedAt = null }: { remindedAt?: string | null }) {
  return (
    <Text size="sm" c="dimmed" span>
      {remindedAt ? `Not yet (reminded ${formatWhen(remindedAt)})` : 'Not yet'}
    </Text>
  );
}

function Recipients({ announcement }: { announcement: Announcement }) {
  const [show, setShow] = useState<AnnouncementRecipientFilter>('all');
  const isNarrow = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [page, setPage] = useState(1);
  const recipients = useQuery(
    announcementRecipientsQueryOptions(announcement.propertyId, announcement.id, { show, page }),
  );
  const filters: AnnouncementRecipientFilter[] = announcement.requiresAck
    ? ['all', 'unread', 'unacknowledged']
    : ['all', 'unread'];
  const columns = announcement.requiresAck
    ? [...recipientColumns(true), acknowledgedColumn]
    : recipientColumns(false);

  let content: ReactNode;
  if (recipients.isPending) content = <LoadingLine>Loading the recipients...</LoadingLine>;
  else if (recipients.isError)
    content = (
      <ErrorState
        headingOrder={3}
        title="Failed to load the recipients"
        description={getErrorMessage(recipients.error)}
        onRetry={() => void recipients.refetch()}
        isRetrying={recipients.isFetching}
      />
    );
  else if (recipients.data.recipients.length === 0)
    content = (
      <Text c="dimmed" py="sm">
        {show === 'unread'
          ? 'Everyone has read it.'
          : show === 'unacknowledged'
            ? 'Everyone has acknowledged it.'
            : 'Nobody received it.'}
      </Text>
    );
  else
    content = (
      <Stack gap="sm">
        <ResponsiveTable
          caption={`Recipients: ${recipientFilterLabels[show]}`}
          columns={columns}
          rows={recipients.data.recipients}
          rowKey={(recipient) => recipient.userId}
          titleColumn="name"
        />
        <ListPager
          noun="recipients"
          page={page}
          pageSize={recipientsPageSize}
          total={recipients.data.total}
          onChange={setPage}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="recipients-filter">
          Show
        </Text>
        <SegmentedControl
          aria-labelledby="recipients-filter"
          value={show}
          onChange={(value) => {
            setShow(value as AnnouncementRecipientFilter);
            setPage(1);
          }}
          data={filters.map((filter) => ({ value: filter, label: recipientFilterLabels[filter] }))}
          fullWidth
          // Three choices do not fit side by side on a phone: they stack there.
          orientation={isNarrow ? 'vertical' : 'horizontal'}
          style={{ maxWidth: 560 }}
        />
      </Stack>
      {recipients.data && show !== 'all' ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {`${peopleText(recipients.data.total)} ${recipients.data.total === 1 ? 'has' : 'have'} not ${
            show === 'unread' ? 'read' : 'acknowledged'
          } it yet.`}
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}

function WithdrawButton({ announcement }: { announcement: Announcement }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const withdraw = useWithdrawAnnouncement(announcement.propertyId, announcement.id);
  const isScheduled = announcement.status === 'scheduled';
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => setIsConfirming(true)}
      >
        Withdraw
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title="Withdraw this announcement?"
        confirmLabel="Withdraw it"
        isConfirming={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              showSuccessToast(`“${announcement.title}” was withdrawn`);
            },
            onError: (failure) => {
              setIsConfirming(false);
              showFailureToast('Failed to withdraw the announcement', failure);
            },
          })
        }
        onClose={() => setIsConfirming(false)}
      >
        {isScheduled
          ? `“${announcement.title}” will not go out. This cannot be undone.`
          : `“${announcement.title}” will no longer show to anyone, including those who already read it. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

function DeleteButton({ announcement }: { announcement: Announcement }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteAnnouncement(announcement.propertyId, announcement.id);
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setIsConfirming(true)}
      >
        Delete draft
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title="Delete this draft?"
        confirmLabel="Delete the draft"
        isConfirming={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              showSuccessToast(`The draft “${announcement.title}” was deleted`);
              void navigate(manageAnnouncementsPagePath({ propertyId: announcement.propertyId }), {
                replace: true,
              });
            },
            onError: (failure) => {
              setIsConfirming(false);
              showFailureToast('Failed to delete the draft', failure);
            },
          })
        }
        onClose={() => setIsConfirming(false)}
      >
        {`“${announcement.title}” will be deleted. Nobody has seen it. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

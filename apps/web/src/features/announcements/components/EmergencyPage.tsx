import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconSend, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiRequestError, getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import {
  editEmergencyPath,
  emergencyQueryOptions,
  manageAnnouncementPath,
  useSendEmergency,
} from '../api.ts';
import { formatWhen, peopleText } from '../labels.ts';
import { BackToAnnouncements } from './AuthorBits.tsx';
import { MarkdownLite } from './MarkdownLite.tsx';

/**
 * /community/emergencies/:propertyId/:announcementId (issue 23 item 2): step two of an emergency
 * broadcast. The notice as its readers will see it, who it goes to and how many people that is now, and
 * one button that sends it to exactly that number. If people moved in or out meanwhile the server
 * refuses, and the page shows the new number to confirm. Once sent, the page says so and leads to the
 * announcement's counts.
 */
export function EmergencyPage({
  propertyId,
  announcementId,
}: {
  propertyId: string;
  announcementId: string;
}) {
  const navigate = useNavigate();
  const prepared = useQuery(emergencyQueryOptions(propertyId, announcementId));
  const send = useSendEmergency(propertyId, announcementId);
  const [failure, setFailure] = useState<string | null>(null);
  const back = <BackToAnnouncements propertyId={propertyId} />;

  if (!prepared.isSuccess)
    return (
      <Stack gap="lg" maw={860}>
        <DetailLoadState
          query={prepared}
          what="emergency notice"
          back={back}
          notFoundDescription="It may have been deleted, or it is of an association you do not manage."
        />
      </Stack>
    );

  const { announcement, recipients } = prepared.data;
  const isDraft = announcement.status === 'draft';
  const isExpired = announcement.expiresAt !== null && new Date(announcement.expiresAt) <= new Date();
  return (
    <Stack gap="lg" maw={860}>
      {back}
      <PageHeader
        title={isDraft ? 'Check and send the emergency notice' : 'Emergency notice'}
        description={announcement.propertyName}
      />
      {isDraft ? null : (
        <Alert color="green" variant="light" role="status" title="Sent">
          {announcement.confirmedAt
            ? `Sent ${formatWhen(announcement.confirmedAt)}${announcement.confirmedBy ? ` by ${announcement.confirmedBy.fullName}` : ''}.`
            : 'This notice is no longer a draft.'}{' '}
          <Link to={manageAnnouncementPath(propertyId, announcementId)}>See who has read it</Link>.
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg" component="article" aria-label={announcement.title}>
        <Stack gap="sm">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {announcement.title}
          </Title>
          <MarkdownLite source={announcement.body} />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconUsers size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600}>
              {announcement.audience.label}: {peopleText(recipients)} today
            </Text>
          </Group>
          <Text size="sm">
            Pinned until {announcement.expiresAt ? formatWhen(announcement.expiresAt) : '—'}.
            {announcement.requiresAck ? ' Everyone is asked to confirm they read it.' : ''}
          </Text>
          {announcement.sourceWorkOrder ? (
            <Text size="sm" c="dimmed">
              Drafted by the assistant from work order {announcement.sourceWorkOrder.reference} (
              {announcement.sourceWorkOrder.summary}). Check every word before it goes.
            </Text>
          ) : null}
        </Stack>
      </Card>
      {isDraft ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={`This goes to ${peopleText(recipients)} at once`}
          role="region"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Everyone it reaches gets an in-app notice and an e-mail now, even during their quiet hours and
              whatever their settings say. It cannot be recalled once it is read: check it first.
            </Text>
            {isExpired ? (
              <Text size="sm" fw={500}>
                Its pinned-until time has passed. Edit it and choose a later time.
              </Text>
            ) : null}
            {recipients === 0 ? (
              <Text size="sm" fw={500}>
                Nobody lives in or owns what you chose today. Edit it and choose another audience.
              </Text>
            ) : null}
            {failure ? (
              <Text size="sm" c="red.9" role="alert">
                {failure}
              </Text>
            ) : null}
            <Group gap="sm">
              <Button
                component={Link}
                to={editEmergencyPath(propertyId, announcementId)}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                disabled={send.isPending}
              >
                Edit
              </Button>
              <Button
                color="red.9"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={send.isPending}
                disabled={isExpired || recipients === 0 || prepared.isFetching}
                onClick={() => {
                  setFailure(null);
                  send.mutate(recipients, {
                    onSuccess: (sent) => {
                      showSuccessToast(
                        `The emergency notice went to ${peopleText(sent.announcement.counts.recipients)}`,
                      );
                      void navigate(manageAnnouncementPath(propertyId, announcementId));
                    },
                    onError: (error) =>
                      setFailure(
                        isApiRequestError(error) && error.code === 'AUDIENCE_CHANGED'
                          ? `${error.message} The number above is now up to date.`
                          : getErrorMessage(error),
                      ),
                  });
                }}
              >
                Send to {peopleText(recipients)} now
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

import {
  deliveryMethodLabels,
  letterKindLabels,
  letterStatusLabels,
  type Letter,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconMailQuestion,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { letterPdfUrl, letterQueryOptions, lettersPagePath, useLetterAction } from '../api.ts';
import { StatusBadge } from './LettersSection.tsx';
import { Rules, SendLetterDialog } from './SendLetterDialog.tsx';

/** One letter: its PDF, whom it is to, its approval and deliveries, and what can be done with it now. */
export function LetterDetail({ propertyId, letterId }: { propertyId: string; letterId: string }) {
  const letter = useQuery(letterQueryOptions(propertyId, letterId));
  if (letter.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading letter...</Text>
      </Group>
    );
  if (letter.isError) {
    if (isApiRequestError(letter.error) && [400, 404].includes(letter.error.status))
      return (
        <StatusMessage
          icon={<IconMailQuestion size={32} aria-hidden />}
          title="Letter not found"
          description="It does not exist, or it belongs to an association you do not manage."
          actions={
            <Button component={Link} to={lettersPagePath(propertyId)} variant="light">
              Back to letters
            </Button>
          }
        />
      );
    return (
      <ErrorState
        title="Failed to load the letter"
        onRetry={() => void letter.refetch()}
        isRetrying={letter.isFetching}
      />
    );
  }
  return <LetterView letter={letter.data} />;
}

function LetterView({ letter }: { letter: Letter }) {
  const action = useLetterAction(letter.propertyId, letter.id);
  const [isSending, setIsSending] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const isWide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const pdfUrl = letterPdfUrl(letter.propertyId, letter.id);

  const run = async (name: 'submit' | 'approve' | 'cancel', success: string, failure: string) => {
    try {
      await action.mutateAsync(name);
      showSuccessToast(success);
      setIsCancelling(false);
    } catch (error) {
      showFailureToast(failure, error);
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={lettersPagePath(letter.propertyId)} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          All letters
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {letter.title}
          </Title>
          <Group gap="xs">
            <StatusBadge status={letter.status} />
            <Badge variant="outline" color="gray">
              {letterKindLabels[letter.kind]}
            </Badge>
            {letter.requiresApproval ? (
              <Badge variant="outline" color="yellow">
                Needs approval
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            component="a"
            href={pdfUrl}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Open PDF
          </Button>
          {letter.can.submit ? (
            <Button
              variant="light"
              loading={action.isPending}
              onClick={() =>
                void run('submit', 'Sent for approval', 'Failed to submit the letter for approval')
              }
            >
              Submit for approval
            </Button>
          ) : null}
          {letter.can.approve ? (
            <Button
              color="teal"
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={action.isPending}
              onClick={() => void run('approve', 'Letter approved', 'Failed to approve the letter')}
            >
              Approve
            </Button>
          ) : null}
          {letter.can.send ? (
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setIsSending(true)}>
              Send
            </Button>
          ) : null}
          {letter.can.cancel ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setIsCancelling(true)}
            >
              Cancel letter
            </Button>
          ) : null}
        </Group>
      </Group>
      {letter.status === 'awaiting_approval' && !letter.can.approve ? (
        <Alert variant="light" color="yellow">
          Waiting for approval by another manager, a board member or an admin: whoever made a letter does not
          approve it.
        </Alert>
      ) : null}
      {letter.status === 'draft' && letter.requiresApproval ? (
        <Alert variant="light" color="blue">
          This kind of letter needs approval before it is sent. Submit it, and an approver is asked.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {isWide ? (
            <Card withBorder radius="lg" padding={0} style={{ overflow: 'hidden' }}>
              <iframe
                src={`${pdfUrl}#navpanes=0&view=FitH`}
                title={`PDF of ${letter.title}`}
                style={{ width: '100%', height: '44rem', border: 0, display: 'block' }}
              />
            </Card>
          ) : (
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  What it says
                </Title>
                {letter.body.split(/\n\s*\n/).map((paragraph, index) => (
                  <Text key={index} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Section title="Details">
              <Facts
                rows={[
                  [
                    'To',
                    letter.recipients
                      .map((recipient) => `${recipient.name}, ${recipient.address}`)
                      .join('; '),
                  ],
                  ['Unit', letter.unit.label],
                  ['Template', `${letter.template.key}, version ${letter.template.version}`],
                  [
                    'Made',
                    `${formatDateTime(letter.createdAt)}${letter.createdBy ? ` by ${letter.createdBy.fullName}` : ''}`,
                  ],
                  ...(letter.approvedAt
                    ? ([
                        [
                          'Approved',
                          `${formatDateTime(letter.approvedAt)}${letter.approvedBy ? ` by ${letter.approvedBy.fullName}` : ''}`,
                        ],
                      ] as [string, ReactNode][])
                    : []),
                  ...(letter.sentAt
                    ? ([['Sent', formatDateTime(letter.sentAt)]] as [string, ReactNode][])
                    : []),
                  ['Status', letterStatusLabels[letter.status]],
                  ['Pages', String(letter.pageCount)],
                  [
                    'SHA-256',
                    <Code key="sha" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                      {letter.sha256}
                    </Code>,
                  ],
                ]}
              />
            </Section>
            <Section title="Delivery">
              <Stack gap="sm">
                <Text size="sm" fw={500}>
                  Jurisdiction profile: {letter.deliveryRules.jurisdiction.name}
                </Text>
                <Rules letter={letter} />
                {letter.deliveries.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Not sent yet.
                  </Text>
                ) : (
                  <Stack
                    gap="xs"
                    component="ul"
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                    aria-label="Deliveries"
                  >
                    {letter.deliveries.map((delivery) => (
                      <Stack key={delivery.id} component="li" gap={0}>
                        <Text size="sm" fw={500}>
                          {delivery.recipientName}: {deliveryMethodLabels[delivery.method]},{' '}
                          {formatDate(delivery.deliveredOn)}
                        </Text>
                        {delivery.trackingNumber ? (
                          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            Tracking {delivery.trackingNumber}
                          </Text>
                        ) : null}
                        {delivery.unknownRulesAcknowledged ? (
                          <Text size="xs" c="dimmed">
                            The sender decided it: the profile does not know the rule
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          Recorded {formatDateTime(delivery.recordedAt)}
                          {delivery.recordedBy ? ` by ${delivery.recordedBy.fullName}` : ''}
                        </Text>
                      </Stack>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <SendLetterDialog letter={letter} opened={isSending} onClose={() => setIsSending(false)} />
      <ConfirmDialog
        opened={isCancelling}
        title="Cancel this letter?"
        confirmLabel="Cancel letter"
        isConfirming={action.isPending}
        onConfirm={() => void run('cancel', 'Letter cancelled', 'Failed to cancel the letter')}
        onClose={() => setIsCancelling(false)}
      >
        It is kept, marked cancelled, and can no longer be sent or printed. To word it differently, make a new
        letter.
      </ConfirmDialog>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={1} spacing={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="sm" align="flex-start" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

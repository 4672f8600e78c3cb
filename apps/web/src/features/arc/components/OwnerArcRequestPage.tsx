import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconFileSearch, IconPencil, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { myArcRequestPagePath, myArcRequestQueryOptions, useWithdrawArcRequest } from '../api.ts';
import { canDo, formatFee } from '../labels.ts';
import { ArcCompletionSection, ownerCompletionTitle } from './ArcCompletionSection.tsx';
import { ArcReconsideration, hasReconsiderationPart } from './ArcReconsideration.tsx';
import { ArcThread } from './ArcThread.tsx';
import { OwnerDecisionSummary } from './ArcDecisionSummary.tsx';
import { ArcFileUploads } from './ArcFileUploads.tsx';
import { AnswersList, ArcStandingLine, ArcStatusBadge, Fact, RevisionsList } from './ArcRequestParts.tsx';
import { EditArcRequestDialog } from './EditArcRequestDialog.tsx';

/**
 * /resident-portal/arc/:requestId (issue 22 items 1 and 6): the owner's request — where it stands (what
 * is still needed, or when it was complete and when the decision is due, with the source of that
 * number), the files it needs with a way to add each, the answers, the fee, its revisions; and, only
 * where the request's state allows, changing it (a new revision once complete) or withdrawing it. Once
 * decided: the decision in plain words with its letter; once approved, reporting the work finished with
 * photos, then the inspection's due date and result.
 */
export function OwnerArcRequestPage({ requestId }: { requestId: string }) {
  const request = useQuery(myArcRequestQueryOptions(requestId));
  const [dialog, setDialog] = useState<'edit' | 'withdraw' | null>(null);
  const withdraw = useWithdrawArcRequest(requestId);

  const back = (
    <Anchor component={Link} to="/resident-portal" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Resident Portal
      </Group>
    </Anchor>
  );

  if (request.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading your request...</Text>
      </Group>
    );
  if (request.isError) {
    const notFound = isApiRequestError(request.error) && [400, 404].includes(request.error.status);
    return (
      <Stack>
        {back}
        {notFound ? (
          <StatusMessage
            headingOrder={1}
            icon={<IconFileSearch size={32} aria-hidden />}
            title="Request not found"
            description="This architectural request does not exist, or it is not one of yours."
          />
        ) : (
          <ErrorState
            headingOrder={1}
            title="Failed to load your request"
            description={getErrorMessage(request.error)}
            onRetry={() => void request.refetch()}
            isRetrying={request.isFetching}
          />
        )}
      </Stack>
    );
  }

  const data = request.data;
  const canRevise = canDo(data, 'revise');
  const canWithdraw = canDo(data, 'withdraw');
  const completionTitle = ownerCompletionTitle(data);
  const confirmWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        showSuccessToast('Request withdrawn');
        setDialog(null);
      },
      onError: (failure) => showFailureToast('Failed to withdraw the request', failure),
    });

  return (
    <Stack gap="lg" maw={960}>
      {back}
      <PageHeader
        title={data.title}
        description={`${data.projectType.name} · Unit ${data.unit.label}, ${data.propertyName}`}
        actions={
          canRevise || canWithdraw ? (
            <>
              {canRevise ? (
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setDialog('edit')}
                >
                  Change request
                </Button>
              ) : null}
              {canWithdraw ? (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => setDialog('withdraw')}
                >
                  Withdraw
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {data.duplicateOf ? (
        <Alert
          color="yellow"
          variant="light"
          role="note"
          icon={<IconCopy size={18} aria-hidden />}
          title="You already have a request for this"
        >
          <Text size="sm">
            Another active request of this unit is for the same kind of project:{' '}
            <Anchor component={Link} to={myArcRequestPagePath(data.duplicateOf.id)} size="sm" fw={600}>
              {data.duplicateOf.title}
            </Anchor>
            . If this one replaces it, withdraw the other one so the committee does not review both.
          </Text>
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <ArcStatusBadge status={data.status} />
            {data.revision > 1 ? (
              <Text size="sm" c="dimmed">
                Revision {data.revision}
              </Text>
            ) : null}
          </Group>
          <ArcStandingLine request={data} forOwner />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
            <Fact label="Sent">{formatDate(data.submittedAt)}</Fact>
            <Fact label="Complete">{data.completeAt ? formatDate(data.completeAt) : 'Not yet'}</Fact>
            <Fact label="Decision due">{data.decisionDueOn ? formatDate(data.decisionDueOn) : '—'}</Fact>
            <Fact label="Fee">{formatFee(data.feeCents)}</Fact>
          </SimpleGrid>
        </Stack>
      </Card>
      {data.decision ? (
        <Section id="arc-decision" title="Decision">
          <OwnerDecisionSummary request={data} />
        </Section>
      ) : null}
      {hasReconsiderationPart(data) ? (
        <Section id="arc-reconsideration" title="Reconsideration">
          <ArcReconsideration request={data} forOwner />
        </Section>
      ) : null}
      {completionTitle ? (
        <Section id="arc-completion" title={completionTitle}>
          <ArcCompletionSection request={data} />
        </Section>
      ) : null}
      <Section id="arc-messages" title="Messages with the committee">
        <Card withBorder radius="lg" padding="lg">
          <ArcThread
            target={{ side: 'owner', requestId: data.id }}
            label="Messages with the committee"
            emptyText="No messages yet. Ask the committee anything about your request here; they are told at once."
            placeholder="Ask a question or add something the committee should know"
            isClosed={data.status === 'withdrawn'}
          />
        </Card>
      </Section>
      <Section id="arc-files" title="Files">
        <ArcFileUploads request={data} canUpload={canRevise} />
      </Section>
      <Section id="arc-answers" title="Your answers">
        <AnswersList request={data} />
        {data.description ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {data.description}
          </Text>
        ) : null}
      </Section>
      <Section id="arc-revisions" title="Revisions">
        <RevisionsList request={data} />
      </Section>
      {dialog === 'edit' ? <EditArcRequestDialog request={data} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        opened={dialog === 'withdraw'}
        title="Withdraw this request?"
        confirmLabel="Withdraw request"
        isConfirming={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onClose={() => setDialog(null)}
      >
        The committee stops reviewing “{data.title}”. To do the project later you will need to send a new
        request.
      </ConfirmDialog>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

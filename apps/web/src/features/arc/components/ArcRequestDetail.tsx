import { arcCompletionRequirement, type ArcRequest } from '@commonwise/contracts';
import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { arcFileUrl, arcRequestQueryOptions, arcRequestsPagePath, decisionItemPagePath } from '../api.ts';
import { formatFee } from '../labels.ts';
import {
  AnswersList,
  ArcFileLine,
  ArcStandingLine,
  ArcStatusBadge,
  DeadlinePassedBadge,
  Fact,
  RevisionsList,
} from './ArcRequestParts.tsx';
import { ArcDecidePanel } from './ArcDecidePanel.tsx';
import { StaffDecisionSummary } from './ArcDecisionSummary.tsx';
import { ArcInspectionPanel, hasInspectionPart } from './ArcInspectionPanel.tsx';
import { ArcPrecedents } from './ArcPrecedents.tsx';
import { ArcReconsideration } from './ArcReconsideration.tsx';
import { ArcThread } from './ArcThread.tsx';
import { GuidelineCheckMatrix } from './GuidelineCheckMatrix.tsx';

/**
 * /arc/:propertyId/:requestId (issue 22 items 1 and 2), for managers, the board and the review
 * committee: the request's answers and files, its revisions, the guideline check matrix, the decision's
 * due date with where its number of days comes from, and the way to the committee's vote. Those who may
 * decide record the decision the committee's votes (or a meeting's) carry — nothing here approves or
 * denies by itself — and, once the owner reports the work finished, its inspection.
 */
export function ArcRequestDetail({ propertyId, requestId }: { propertyId: string; requestId: string }) {
  const request = useQuery(arcRequestQueryOptions(propertyId, requestId));
  const back = (
    <Anchor component={Link} to={arcRequestsPagePath} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Architectural requests
      </Group>
    </Anchor>
  );

  if (request.isPending)
    return (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the request...</Text>
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
            description="This architectural request does not exist, or it is in an association you cannot see."
          />
        ) : (
          <ErrorState
            headingOrder={1}
            title="Failed to load the request"
            description={getErrorMessage(request.error)}
            onRetry={() => void request.refetch()}
            isRetrying={request.isFetching}
          />
        )}
      </Stack>
    );
  }

  const data = request.data;
  const voteLink = data.decisionItemId ? (
    <Button
      component={Link}
      to={decisionItemPagePath(data.propertyId, data.decisionItemId)}
      leftSection={<IconUsersGroup size={16} aria-hidden />}
    >
      Open the committee’s vote
    </Button>
  ) : undefined;

  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <PageHeader
        title={`${data.title} · Unit ${data.unit.label}`}
        description={`${data.projectType.name} · ${data.propertyName}`}
        actions={voteLink}
      />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap={6} wrap="wrap">
            <ArcStatusBadge status={data.status} />
            {data.deadlinePassed ? <DeadlinePassedBadge /> : null}
            <Text size="sm" c="dimmed">
              Revision {data.revision}
            </Text>
          </Group>
          <ArcStandingLine request={data} forOwner={false} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
            <Fact label="Applicant">{data.applicant.fullName}</Fact>
            <Fact label="Sent">{formatDateTime(data.submittedAt)}</Fact>
            <Fact label="Complete">{data.completeAt ? formatDateTime(data.completeAt) : 'Not yet'}</Fact>
            <Fact label="Decision due">
              {data.decisionDueOn
                ? `${formatDate(data.decisionDueOn)}${data.dueSource ? ` (${data.dueSource})` : ''}`
                : data.completeAt
                  ? 'No review window set'
                  : 'Once complete'}
            </Fact>
            <Fact label="Fee">{formatFee(data.feeCents)}</Fact>
            {data.decisionItemId ? null : (
              <Fact label="Committee’s vote">Opens once the request is complete</Fact>
            )}
          </SimpleGrid>
        </Stack>
      </Card>
      {data.decision ? (
        <Section id="arc-decision" title="Decision">
          <StaffDecisionSummary request={data} />
        </Section>
      ) : null}
      {data.reconsideration ? (
        <Section id="arc-reconsideration" title="Reconsideration">
          <ArcReconsideration request={data} forOwner={false} />
        </Section>
      ) : null}
      {hasInspectionPart(data) ? (
        <Section id="arc-inspection" title="Inspection">
          <ArcInspectionPanel request={data} />
        </Section>
      ) : null}
      <Section id="arc-checks" title="Guideline check">
        <GuidelineCheckMatrix checks={data.checks} />
      </Section>
      {data.precedents ? (
        <Section id="arc-precedents" title="Past decisions on this kind of project">
          <ArcPrecedents request={data} />
        </Section>
      ) : null}
      <Section id="arc-discussion" title="Discussion">
        <Card withBorder radius="lg" padding="lg">
          <ArcDiscussion request={data} />
        </Card>
      </Section>
      <Section id="arc-answers" title="Answers">
        <AnswersList request={data} />
        {data.description ? (
          <Stack gap={2} mt="sm">
            <Text size="sm" fw={600}>
              Description
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {data.description}
            </Text>
          </Stack>
        ) : null}
      </Section>
      <Section id="arc-files" title="Files">
        <StaffFiles request={data} />
      </Section>
      {data.actions.includes('decide') ? (
        <Section id="arc-decide" title="Record the decision">
          <Card withBorder radius="lg" padding="lg">
            <ArcDecidePanel request={data} />
          </Card>
        </Section>
      ) : null}
      <Section id="arc-revisions" title="Revisions">
        <RevisionsList request={data} />
      </Section>
    </Stack>
  );
}

/** The two threads: with the owner, and the committee's own (which the owner never sees). */
function ArcDiscussion({ request }: { request: ArcRequest }) {
  const target = (visibility: 'applicant' | 'committee') =>
    ({ side: 'staff', propertyId: request.propertyId, requestId: request.id, visibility }) as const;
  const isClosed = request.status === 'withdrawn';
  return (
    <Tabs defaultValue="applicant" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="applicant">With the owner</Tabs.Tab>
        <Tabs.Tab value="committee">Committee only</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="applicant">
        <ArcThread
          target={target('applicant')}
          label="Messages with the owner"
          emptyText={`No messages with ${request.applicant.fullName} yet. What you write here, the unit’s owners read.`}
          placeholder="Write to the owner"
          isClosed={isClosed}
        />
      </Tabs.Panel>
      <Tabs.Panel value="committee">
        <ArcThread
          target={target('committee')}
          label="The committee’s messages"
          emptyText="No notes yet. The committee’s thread is for the reviewers only: the owner never sees it."
          placeholder="A note for the committee (the owner never sees it)"
          isClosed={isClosed}
        />
      </Tabs.Panel>
    </Tabs>
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

/** The files by requirement (what is missing said as such), then any others. */
function StaffFiles({ request }: { request: ArcRequest }) {
  const urlOf = (fileId: string) => arcFileUrl(request.propertyId, request.id, fileId);
  const known = new Set(request.fileRequirements.map((requirement) => requirement.key));
  // The photos of finished work are shown with the inspection.
  const extras = request.files.filter(
    (file) =>
      file.requirement === null ||
      (file.requirement !== arcCompletionRequirement && !known.has(file.requirement)),
  );
  if (request.fileRequirements.length === 0 && request.files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This project type needs no files, and none were sent.
      </Text>
    );
  return (
    <Stack gap="sm">
      {request.fileRequirements.map((requirement) => {
        const files = request.files.filter((file) => file.requirement === requirement.key);
        return (
          <Stack key={requirement.key} gap={4}>
            <Text size="sm" fw={600}>
              {requirement.label}
            </Text>
            {files.length === 0 ? (
              // The theme's orange for text (orange 8 on white is 3.6:1).
              <Text size="sm" c="var(--mantine-color-orange-light-color)">
                Not sent yet
              </Text>
            ) : (
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                {files.map((file) => (
                  <ArcFileLine key={file.id} file={file} url={urlOf(file.id)} />
                ))}
              </Stack>
            )}
          </Stack>
        );
      })}
      {extras.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Other files
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {extras.map((file) => (
              <ArcFileLine key={file.id} file={file} url={urlOf(file.id)} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

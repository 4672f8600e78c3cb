import type { WorkflowSummary } from '@commonwise/contracts';
import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { humanize } from '../../../lib/format.ts';
import { workflowCardStatusColors, workflowStatusLabels, workflowTypeLabels } from '../chat-labels.ts';

/** SPEC §2: the workflow summary card — type, status, current step and summary. */
export function WorkflowSummaryCard({ workflow, id }: { workflow: WorkflowSummary; id?: string }) {
  return (
    <Card id={id} withBorder radius="md" p="sm" component="section" aria-label="Workflow summary">
      <SimpleGrid type="container" cols={{ base: 1, '24rem': 3 }} spacing="sm" verticalSpacing="xs">
        <Field label="Type">
          <Text size="sm">{workflowTypeLabels[workflow.workflowType]}</Text>
        </Field>
        <Field label="Status">
          <Badge variant="light" color={workflowCardStatusColors[workflow.workflowStatus]}>
            {workflowStatusLabels[workflow.workflowStatus]}
          </Badge>
        </Field>
        <Field label="Current step">
          <Text size="sm">{workflow.currentStep ? humanize(workflow.currentStep) : '—'}</Text>
        </Field>
      </SimpleGrid>
      <Field label="Summary" mt="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {workflow.summary ?? 'No summary yet.'}
        </Text>
      </Field>
    </Card>
  );
}

function Field({ label, children, mt }: { label: string; children: ReactNode; mt?: string }) {
  return (
    <Stack gap={2} mt={mt}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

import type { ChatMessage, Role, WorkflowSummary } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export const workflowTypeLabels: Record<WorkflowSummary['workflowType'], string> = {
  maintenance_request: 'Maintenance Request',
  work_order: 'Work Order',
  lease_inquiry: 'Lease Inquiry',
  rules_question: 'Rules Question',
  request_status: 'Request Status',
  staff_question: 'Staff Question',
  other: 'Other',
};

export const workflowStatusLabels: Record<WorkflowSummary['workflowStatus'], string> = {
  active: 'Active',
  pending_human: 'Waiting for staff',
  answered: 'Answered',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * SPEC §4: in the chat header, completed and in_progress have their own colours; anything else is blue.
 * A question answered (issue 26) is done as a completed workflow is, in the card's own teal.
 */
export function getHeaderStatusColor(status: string): MantineColor {
  if (status === 'completed') return 'green';
  if (status === 'answered') return 'teal';
  if (status === 'in_progress') return 'yellow';
  return 'blue';
}

/** The workflow card's own colour per status (SPEC §4: active, pending_human, completed, cancelled). */
export const workflowCardStatusColors: Record<WorkflowSummary['workflowStatus'], MantineColor> = {
  active: 'blue',
  pending_human: 'orange',
  answered: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

/**
 * Who wrote a message of a thread: 'You' for the viewer's own (issue 26, where SPEC §2 had their role),
 * 'AI Assistant' for the assistant's, 'System notice' for what the product itself wrote, 'User' for
 * anyone else (a person the assistant handed over to).
 */
export function getSenderLabel(
  message: Pick<ChatMessage, 'role' | 'senderId'>,
  viewer: { id: string; role: Role },
) {
  if (message.role === 'system') return 'System notice';
  if (message.role !== 'user') return 'AI Assistant';
  if (message.senderId === viewer.id) return 'You';
  return 'User';
}

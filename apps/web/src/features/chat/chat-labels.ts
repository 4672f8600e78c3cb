import type { ChatMessage, Role, WorkflowSummary } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export const workflowTypeLabels: Record<WorkflowSummary['workflowType'], string> = {
  maintenance_request: 'Maintenance Request',
  work_order: 'Work Order',
  lease_inquiry: 'Lease Inquiry',
  other: 'Other',
};

export const workflowStatusLabels: Record<WorkflowSummary['workflowStatus'], string> = {
  active: 'Active',
  pending_human: 'Waiting for staff',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** SPEC §4: in the chat header, completed and in_progress have their own colours; anything else is blue. */
export function getHeaderStatusColor(status: string): MantineColor {
  if (status === 'completed') return 'green';
  if (status === 'in_progress') return 'yellow';
  return 'blue';
}

/** The workflow card's own colour per status (SPEC §4: active, pending_human, completed, cancelled). */
export const workflowCardStatusColors: Record<WorkflowSummary['workflowStatus'], MantineColor> = {
  active: 'blue',
  pending_human: 'orange',
  completed: 'green',
  cancelled: 'gray',
};

const personRoleLabels: Partial<Record<Role, string>> = {
  resident: 'Resident',
  manager: 'Manager',
  vendor: 'Vendor',
};

/**
 * SPEC §2's sender labels: the assistant's (and system) messages are 'AI Assistant'; a person's are
 * labelled with their role when it is resident, manager or vendor, otherwise 'User'. In a thread the
 * only person is its owner, the viewer.
 */
export function getSenderLabel(
  message: Pick<ChatMessage, 'role' | 'senderId'>,
  viewer: { id: string; role: Role },
) {
  if (message.role !== 'user') return 'AI Assistant';
  if (message.senderId === viewer.id) return personRoleLabels[viewer.role] ?? 'User';
  return 'User';
}

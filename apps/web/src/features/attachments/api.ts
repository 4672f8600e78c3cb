import { queryOptions } from '@tanstack/react-query';
import type { Attachment, AttachmentTarget, WorkOrderAttachmentList } from '@commonwise/contracts';
import { api } from '../../lib/api.ts';
import { uploadWithProgress } from '../../lib/upload.ts';

/**
 * Uploads one file to where it is going (a conversation, a room or a task), with its progress; it is
 * sent with the next message or task change that names it.
 */
export function uploadAttachment(
  target: AttachmentTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  for (const [key, value] of Object.entries(target)) if (value) form.append(key, value);
  form.append('file', file, file.name);
  return uploadWithProgress<Attachment>('/api/attachments', form, onProgress, signal);
}

export function deleteAttachment(id: string) {
  return api.delete<void>(`/api/attachments/${encodeURIComponent(id)}`);
}

export const attachmentKeys = {
  workOrder: (workOrderId: string) => ['work-orders', workOrderId, 'attachments'] as const,
};

export function workOrderAttachmentsQueryOptions(workOrderId: string) {
  return queryOptions({
    queryKey: attachmentKeys.workOrder(workOrderId),
    queryFn: ({ signal }) =>
      api.get<WorkOrderAttachmentList>(
        `/api/work-orders/${encodeURIComponent(workOrderId)}/attachments?limit=48`,
        { signal },
      ),
  });
}

import {
  documentCategoryLabels,
  documentStatusLabels,
  fileExtensionOf,
  previewableExtensions,
  type DocumentCategory,
  type DocumentStatus,
} from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';
import { format } from 'date-fns';
import type { LocalStatus } from './hooks/use-processing-watch.ts';

export type ShownStatus = DocumentStatus | 'unknown';

export const statusColors: Record<ShownStatus, MantineColor> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  unknown: 'yellow',
};

export function statusLabel(status: ShownStatus): string {
  return status === 'unknown' ? 'Unknown' : documentStatusLabels[status];
}

export function shownStatus(status: DocumentStatus, local: LocalStatus | undefined): ShownStatus {
  return local ?? status;
}

export function categoryLabel(category: string): string {
  return documentCategoryLabels[category as DocumentCategory] ?? category;
}

/** 'MMM d, yyyy' (SPEC §9), e.g. Jan 5, 2025. */
export function formatUploadDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

export function isPreviewable(fileName: string): boolean {
  return (previewableExtensions as readonly string[]).includes(fileExtensionOf(fileName));
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

import type { DocumentFileLink } from '@commonwise/contracts';
import { api } from './api.ts';

/**
 * A signed link to a document's file, good for an hour: the documents panel's preview and the
 * assistant's citations both open documents through it.
 */
export function fetchFileLink(documentId: string) {
  return api.get<DocumentFileLink>(`/api/documents/${encodeURIComponent(documentId)}/file-link`);
}

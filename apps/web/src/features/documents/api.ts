import type {
  ResidentPortal,
  DocumentCategory,
  DocumentSearchResult,
  ProcessDocumentResult,
  PropertyDocument,
  PropertyDocumentList,
  RequiredDocumentsStatus,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  ApiRequestError,
  getAllPages,
  genericErrorMessage,
  networkErrorMessage,
} from '../../lib/api.ts';

const propertyDocumentsPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/documents`;
const documentPath = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}`;

export const documentsKey = (propertyId: string) => ['properties', propertyId, 'documents'] as const;

export function propertyDocumentsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...documentsKey(propertyId), 'list'],
    // The panel counts documents per category and watches processing over the whole list.
    queryFn: ({ signal }) =>
      getAllPages(propertyDocumentsPath(propertyId), (list: PropertyDocumentList) => list.documents, {
        signal,
      }),
  });
}

export function requiredDocumentsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...documentsKey(propertyId), 'required-status'],
    queryFn: ({ signal }) =>
      api.get<RequiredDocumentsStatus>(`${propertyDocumentsPath(propertyId)}/required-status`, { signal }),
  });
}

export function documentSearchQueryOptions(propertyId: string, query: string) {
  return queryOptions({
    queryKey: [...documentsKey(propertyId), 'search', query],
    queryFn: ({ signal }) =>
      api.get<DocumentSearchResult>(
        `${propertyDocumentsPath(propertyId)}/search?${new URLSearchParams({ q: query }).toString()}`,
        { signal },
      ),
    enabled: query.trim().length >= 2,
    staleTime: 10_000,
  });
}

export function fetchDocument(documentId: string, signal?: AbortSignal) {
  return api.get<PropertyDocument>(documentPath(documentId), { signal });
}

export { fetchFileLink } from '../../lib/document-links.ts';

/** Puts a newer copy of one document into the property's cached list. */
export function updateCachedDocument(queryClient: QueryClient, document: PropertyDocument) {
  queryClient.setQueryData(propertyDocumentsQueryOptions(document.propertyId).queryKey, (documents) =>
    documents?.map((candidate) => (candidate.id === document.id ? document : candidate)),
  );
}

export type UploadInput = {
  category: DocumentCategory;
  name: string;
  description: string;
  file: File;
};

/**
 * A multipart upload (the JSON client does not send files): the fields first, then the file, which
 * the server reads as a stream.
 */
export async function uploadDocument(propertyId: string, input: UploadInput): Promise<PropertyDocument> {
  const form = new FormData();
  form.append('category', input.category);
  form.append('name', input.name);
  form.append('description', input.description);
  form.append('file', input.file, input.file.name);
  let response: Response;
  try {
    response = await fetch(propertyDocumentsPath(propertyId), {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: networkErrorMessage });
  }
  const body = (await response.json().catch(() => undefined)) as
    | PropertyDocument
    | { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    | undefined;
  if (!response.ok) {
    const error = body && 'error' in body ? body.error : undefined;
    throw new ApiRequestError({
      status: response.status,
      code: error?.code ?? 'UNKNOWN_ERROR',
      message: error?.message ?? (response.status === 413 ? 'The file is too large.' : genericErrorMessage),
      fields: error?.fields,
    });
  }
  return body as PropertyDocument;
}

export function useUploadDocument(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadDocument(propertyId, input),
    onSuccess: (document) => {
      queryClient.setQueryData(propertyDocumentsQueryOptions(propertyId).queryKey, (documents) =>
        documents ? [document, ...documents] : [document],
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(propertyId) }),
  });
}

export function useDeleteDocument(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.delete<void>(documentPath(documentId)),
    onSuccess: (_result, documentId) => {
      queryClient.setQueryData(propertyDocumentsQueryOptions(propertyId).queryKey, (documents) =>
        documents?.filter((document) => document.id !== documentId),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(propertyId) }),
  });
}

export function useProcessDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      api.post<ProcessDocumentResult>(`${documentPath(documentId)}/process`),
    onSuccess: (result) => updateCachedDocument(queryClient, result.document),
  });
}

// The document links in the answer last an hour (fileLinkSeconds): refreshed well before they expire,
// and on returning to the tab after half an hour.
const linkRefreshMs = 30 * 60 * 1000;

/**
 * Where the resident lives and their property's processed documents (the resident portal's documents
 * card; its account card shows the home from it too).
 */
export const residencesQueryOptions = queryOptions({
  queryKey: ['resident-portal'],
  queryFn: async ({ signal }) =>
    (await api.get<ResidentPortal>('/api/resident-portal', { signal })).residences,
  staleTime: linkRefreshMs,
  refetchInterval: linkRefreshMs,
});

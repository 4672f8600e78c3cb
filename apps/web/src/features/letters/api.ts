import type {
  Letter,
  LetterInput,
  LetterList,
  LetterSend,
  LetterStatus,
  LetterTemplate,
  LetterTemplateInput,
  LetterTemplateList,
  MyLetterList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * Letters and notices (issue 18): a property's templates and letters for its managers and board, and
 * an owner's own letters in the resident portal. Keys live under the property's
 * (['properties', id, 'letters' | 'letter-templates', …]).
 */

const propertyPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const letterApiPath = (propertyId: string, letterId: string) =>
  `${propertyPath(propertyId)}/letters/${encodeURIComponent(letterId)}`;

export const lettersPageSize = 25;
export const myLettersPageSize = 10;

/** The pages of the letters feature (other features link here). */
export const lettersPagePath = (propertyId: string) =>
  `/manager-portal/properties/${encodeURIComponent(propertyId)}/letters`;
export const letterPagePath = (propertyId: string, letterId: string) =>
  `${lettersPagePath(propertyId)}/${encodeURIComponent(letterId)}`;

/** The stored PDF, shown inline (the server allows our own frames only) or downloaded. */
export const letterPdfUrl = (propertyId: string, letterId: string) =>
  `${letterApiPath(propertyId, letterId)}/pdf`;
export const myLetterPdfUrl = (letterId: string) =>
  `/api/resident-portal/letters/${encodeURIComponent(letterId)}/pdf`;
export const printLettersUrl = (propertyId: string, letterIds: string[]) =>
  `${propertyPath(propertyId)}/letters/print?${new URLSearchParams({ ids: letterIds.join(',') })}`;

export const letterKeys = {
  all: (propertyId: string) => ['properties', propertyId, 'letters'] as const,
  templates: (propertyId: string) => ['properties', propertyId, 'letter-templates'] as const,
  mine: ['resident-portal', 'letters'] as const,
};

export interface LetterListParams {
  q: string;
  status: LetterStatus | null;
  page: number;
}

export function lettersQueryOptions(propertyId: string, params: LetterListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(lettersPageSize) });
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.status) search.set('status', params.status);
  return queryOptions({
    queryKey: [...letterKeys.all(propertyId), 'list', search.toString()],
    queryFn: ({ signal }) => api.get<LetterList>(`${propertyPath(propertyId)}/letters?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function letterQueryOptions(propertyId: string, letterId: string) {
  return queryOptions({
    queryKey: [...letterKeys.all(propertyId), 'detail', letterId],
    queryFn: ({ signal }) => api.get<Letter>(letterApiPath(propertyId, letterId), { signal }),
  });
}

export function templatesQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...letterKeys.templates(propertyId), 'list'],
    queryFn: ({ signal }) =>
      api.get<LetterTemplateList>(`${propertyPath(propertyId)}/letter-templates?limit=100`, { signal }),
  });
}

export function myLettersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...letterKeys.mine, page],
    queryFn: ({ signal }) =>
      api.get<MyLetterList>(`/api/resident-portal/letters?page=${page}&limit=${myLettersPageSize}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePublishTemplate(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LetterTemplateInput) =>
      api.post<LetterTemplate>(`${propertyPath(propertyId)}/letter-templates`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.templates(propertyId) }),
  });
}

export function useCreateLetter(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LetterInput) => api.post<Letter>(`${propertyPath(propertyId)}/letters`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.all(propertyId) }),
  });
}

/**
 * A draft welcome letter for a new owner of a unit, from the association's current "welcome" template
 * (the units feature offers it when an owner is added). Nothing is sent: the manager sends it.
 */
export function useCreateWelcomeLetter(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ unitId, userId }: { unitId: string; userId: string }) => {
      const templates = await queryClient.fetchQuery(templatesQueryOptions(propertyId));
      const welcome = templates.templates.find((template) => template.key === 'welcome');
      if (!welcome) throw new Error('This association has no welcome letter template.');
      return api.post<Letter>(`${propertyPath(propertyId)}/letters`, {
        templateId: welcome.id,
        unitId,
        recipientIds: [userId],
      } satisfies LetterInput);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.all(propertyId) }),
  });
}

type LetterAction = 'submit' | 'approve' | 'cancel';

export function useLetterAction(propertyId: string, letterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LetterAction) =>
      api.post<Letter>(`${letterApiPath(propertyId, letterId)}/${action}`),
    onSuccess: (letter) =>
      queryClient.setQueryData(letterQueryOptions(propertyId, letterId).queryKey, letter),
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.all(propertyId) }),
  });
}

export function useSendLetter(propertyId: string, letterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LetterSend) => api.post<Letter>(`${letterApiPath(propertyId, letterId)}/send`, input),
    onSuccess: (letter) =>
      queryClient.setQueryData(letterQueryOptions(propertyId, letterId).queryKey, letter),
    onSettled: () => queryClient.invalidateQueries({ queryKey: letterKeys.all(propertyId) }),
  });
}

import type {
  Announcement,
  AttachmentList,
  AnnouncementAudience,
  AnnouncementAudienceCount,
  AnnouncementAudienceOptions,
  AnnouncementAuthoring,
  AnnouncementDisplayStatus,
  AnnouncementFeed,
  AnnouncementInput,
  AnnouncementList,
  AnnouncementPost,
  AnnouncementRecipientFilter,
  AnnouncementRecipientList,
  AnnouncementReminder,
  AnnouncementTranslationInput,
  EmergencyDraftInput,
  EmergencyInput,
  EmergencyPrepared,
  ReadingLanguage,
} from '@commonwise/contracts';
import { realtimeChannels } from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api.ts';
import { useRealtimeChannel } from '../../lib/realtime.ts';
import { announcementReaderKey, readerApiBase } from './latest.ts';

export {
  announcementPagePath,
  announcementReaderKey,
  announcementsPagePath,
  isUnreadPost,
} from './latest.ts';

/**
 * Announcements (issue 23 item 1): what a person reads (their feed, one announcement, read and
 * acknowledged), under ['announcements', 'reader', …]; and what the association's managers and board
 * write, under ['announcements', 'authoring', …] (their associations, each one's list, one
 * announcement with its counts and recipients, the composer's audience options and count).
 */

export const announcementsPageSize = 20;
export const manageAnnouncementsPageSize = 20;
export const recipientsPageSize = 50;

const readerApiPath = (announcementId: string) => `${readerApiBase}/${encodeURIComponent(announcementId)}`;
const listApiPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/announcements`;
const itemApiPath = (propertyId: string, announcementId: string) =>
  `${listApiPath(propertyId)}/${encodeURIComponent(announcementId)}`;

/** The author pages (other features link here: the portals' cards). */
export const manageAnnouncementsPath = '/community/announcements';
export function manageAnnouncementsPagePath(
  filters: { propertyId?: string | null; status?: string | null } = {},
) {
  const search = new URLSearchParams();
  if (filters.propertyId) search.set('propertyId', filters.propertyId);
  if (filters.status) search.set('status', filters.status);
  const query = search.toString();
  return `${manageAnnouncementsPath}${query ? `?${query}` : ''}`;
}
export const newAnnouncementPath = (propertyId?: string | null) =>
  `${manageAnnouncementsPath}/new${propertyId ? `?propertyId=${encodeURIComponent(propertyId)}` : ''}`;
export const manageAnnouncementPath = (propertyId: string, announcementId: string) =>
  `${manageAnnouncementsPath}/${encodeURIComponent(propertyId)}/${encodeURIComponent(announcementId)}`;
export const editAnnouncementPath = (propertyId: string, announcementId: string) =>
  `${manageAnnouncementPath(propertyId, announcementId)}/edit`;

export const announcementKeys = {
  all: ['announcements'] as const,
  reader: announcementReaderKey,
  feeds: [...announcementReaderKey, 'feed'] as const,
  post: (announcementId: string) => [...announcementReaderKey, 'post', announcementId] as const,
  authoring: ['announcements', 'authoring'] as const,
  authorProperties: ['announcements', 'authoring', 'properties'] as const,
  property: (propertyId: string) => ['announcements', 'authoring', propertyId] as const,
  lists: (propertyId: string) => ['announcements', 'authoring', propertyId, 'list'] as const,
  item: (propertyId: string, announcementId: string) =>
    ['announcements', 'authoring', propertyId, 'item', announcementId] as const,
  recipients: (propertyId: string, announcementId: string) =>
    ['announcements', 'authoring', propertyId, 'item', announcementId, 'recipients'] as const,
  audienceOptions: (propertyId: string) =>
    ['announcements', 'authoring', propertyId, 'audience-options'] as const,
  audienceCount: (propertyId: string) =>
    ['announcements', 'authoring', propertyId, 'audience-count'] as const,
};

// The reader's side.

export function announcementFeedQueryOptions(params: { propertyId: string | null; page: number }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(announcementsPageSize) });
  if (params.propertyId) search.set('propertyId', params.propertyId);
  return queryOptions({
    queryKey: [...announcementKeys.feeds, search.toString()],
    queryFn: ({ signal }) => api.get<AnnouncementFeed>(`${readerApiBase}?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function announcementPostQueryOptions(announcementId: string) {
  return queryOptions({
    queryKey: announcementKeys.post(announcementId),
    queryFn: ({ signal }) => api.get<AnnouncementPost>(readerApiPath(announcementId), { signal }),
  });
}

/**
 * Reading and acknowledging answer with the announcement as the person now stands with it: it replaces
 * the cached one, and the feeds (their unread marks, the dashboard's) are read again.
 */
function usePostMutation(announcementId: string, action: 'read' | 'acknowledge') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AnnouncementPost>(`${readerApiPath(announcementId)}/${action}`),
    // What the person did is only ever added: a slow answer to the first "read" must not take away an
    // acknowledgement that came back before it.
    onSuccess: (post) =>
      queryClient.setQueryData<AnnouncementPost>(announcementKeys.post(announcementId), (current) => ({
        ...post,
        readAt: post.readAt ?? current?.readAt ?? null,
        acknowledgedAt: post.acknowledgedAt ?? current?.acknowledgedAt ?? null,
      })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: [...announcementReaderKey, 'latest'] }),
      ]),
  });
}

export const useMarkAnnouncementRead = (announcementId: string) => usePostMutation(announcementId, 'read');
export const useAcknowledgeAnnouncement = (announcementId: string) =>
  usePostMutation(announcementId, 'acknowledge');

// The authors' side.

export const announcementAuthoringQueryOptions = queryOptions({
  queryKey: announcementKeys.authorProperties,
  queryFn: ({ signal }) => api.get<AnnouncementAuthoring>('/api/announcements/authoring', { signal }),
  staleTime: 60_000,
});

export function manageAnnouncementsQueryOptions(
  propertyId: string,
  params: { status: AnnouncementDisplayStatus | null; page: number },
) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: String(manageAnnouncementsPageSize),
  });
  if (params.status) search.set('status', params.status);
  return queryOptions({
    queryKey: [...announcementKeys.lists(propertyId), search.toString()],
    queryFn: ({ signal }) => api.get<AnnouncementList>(`${listApiPath(propertyId)}?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function manageAnnouncementQueryOptions(propertyId: string, announcementId: string) {
  return queryOptions({
    queryKey: announcementKeys.item(propertyId, announcementId),
    queryFn: ({ signal }) => api.get<Announcement>(itemApiPath(propertyId, announcementId), { signal }),
  });
}

export function announcementRecipientsQueryOptions(
  propertyId: string,
  announcementId: string,
  params: { show: AnnouncementRecipientFilter; page: number },
) {
  const search = new URLSearchParams({
    show: params.show,
    page: String(params.page),
    limit: String(recipientsPageSize),
  });
  return queryOptions({
    queryKey: [...announcementKeys.recipients(propertyId, announcementId), search.toString()],
    queryFn: ({ signal }) =>
      api.get<AnnouncementRecipientList>(`${itemApiPath(propertyId, announcementId)}/recipients?${search}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function audienceOptionsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: announcementKeys.audienceOptions(propertyId),
    queryFn: ({ signal }) =>
      api.get<AnnouncementAudienceOptions>(`${listApiPath(propertyId)}/audience-options`, { signal }),
    staleTime: 60_000,
  });
}

/** How many people an audience reaches today: asked with a POST (the audience is a body), read as a query. */
export function audienceCountQueryOptions(propertyId: string, audience: AnnouncementAudience) {
  return queryOptions({
    queryKey: [...announcementKeys.audienceCount(propertyId), audience],
    queryFn: ({ signal }) =>
      api.post<AnnouncementAudienceCount>(
        `${listApiPath(propertyId)}/audience-count`,
        { audience },
        { signal },
      ),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** After any write: the association's lists, and what readers see (a publish or a withdrawal changes it). */
function refreshAfterWrite(queryClient: ReturnType<typeof useQueryClient>, propertyId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: announcementKeys.lists(propertyId) }),
    queryClient.invalidateQueries({ queryKey: announcementKeys.reader }),
  ]);
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, input }: { propertyId: string; input: AnnouncementInput }) =>
      api.post<Announcement>(listApiPath(propertyId), input),
    onSuccess: (announcement) =>
      queryClient.setQueryData(announcementKeys.item(announcement.propertyId, announcement.id), announcement),
    onSettled: (_data, _error, { propertyId }) => refreshAfterWrite(queryClient, propertyId),
  });
}

/**
 * A change to one announcement answers with it as it now stands: it replaces the cached one. A refusal
 * (published meanwhile, so no longer editable) reads it again, so the page shows what changed.
 */
function useItemMutation<Input, Output>(
  propertyId: string,
  announcementId: string,
  send: (input: Input) => Promise<Output>,
  { isRemoval = false } = {},
) {
  const queryClient = useQueryClient();
  const itemKey = announcementKeys.item(propertyId, announcementId);
  return useMutation({
    mutationFn: send,
    onSuccess: (announcement) => {
      // A deleted draft's page is left at once; its cached copy simply ages out.
      if (!isRemoval) queryClient.setQueryData(itemKey, announcement as Announcement);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: itemKey }),
    onSettled: () => refreshAfterWrite(queryClient, propertyId),
  });
}

export const useUpdateAnnouncement = (propertyId: string, announcementId: string) =>
  useItemMutation(propertyId, announcementId, (input: AnnouncementInput) =>
    api.put<Announcement>(itemApiPath(propertyId, announcementId), input),
  );

/** Reminds those who have not acknowledged (or read) it; the page then shows who was reminded. */
export function useRemindAnnouncement(propertyId: string, announcementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AnnouncementReminder>(`${itemApiPath(propertyId, announcementId)}/remind`),
    onSuccess: (result) =>
      queryClient.setQueryData(announcementKeys.item(propertyId, announcementId), result.announcement),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.recipients(propertyId, announcementId) }),
        queryClient.invalidateQueries({ queryKey: announcementKeys.lists(propertyId) }),
      ]),
  });
}

export const useWithdrawAnnouncement = (propertyId: string, announcementId: string) =>
  useItemMutation(propertyId, announcementId, () =>
    api.post<Announcement>(`${itemApiPath(propertyId, announcementId)}/withdraw`),
  );

export const useDeleteAnnouncement = (propertyId: string, announcementId: string) =>
  useItemMutation(
    propertyId,
    announcementId,
    () => api.delete<undefined>(itemApiPath(propertyId, announcementId)),
    { isRemoval: true },
  );

/** The recipients list is read again at most this often while reads pour in. */
const recipientsRefreshMs = 3_000;

/**
 * Keeps an author's page live: each read or acknowledgement publishes the counts on the announcement's
 * channel (only its association's managers and board may join it). The counts come with the event; the
 * recipients page is read again, at most every few seconds however many read at once.
 */
export function useLiveCounts(propertyId: string, announcementId: string): void {
  const queryClient = useQueryClient();
  const lastRefresh = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  const itemKey = announcementKeys.item(propertyId, announcementId);
  const refreshRecipients = () => {
    if (pending.current) return;
    const wait = Math.max(0, lastRefresh.current + recipientsRefreshMs - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      lastRefresh.current = Date.now();
      void queryClient.invalidateQueries({
        queryKey: announcementKeys.recipients(propertyId, announcementId),
      });
    }, wait);
  };
  useRealtimeChannel(
    realtimeChannels.announcement(announcementId),
    (event) => {
      if (event.type !== 'announcement.counts') return;
      const { counts } = event.data as { counts: Announcement['counts'] };
      queryClient.setQueryData<Announcement>(itemKey, (current) =>
        current ? { ...current, counts } : current,
      );
      refreshRecipients();
    },
    {
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: itemKey });
        refreshRecipients();
      },
    },
  );
}

// Translations (issue 23 item 3): the original stays the official text.

const translationApiPath = (propertyId: string, announcementId: string, language: ReadingLanguage) =>
  `${itemApiPath(propertyId, announcementId)}/translations/${encodeURIComponent(language)}`;

export const useSaveTranslation = (propertyId: string, announcementId: string) =>
  useItemMutation(
    propertyId,
    announcementId,
    ({ language, input }: { language: ReadingLanguage; input: AnnouncementTranslationInput }) =>
      api.put<Announcement>(translationApiPath(propertyId, announcementId, language), input),
  );

export const useDeleteTranslation = (propertyId: string, announcementId: string) =>
  useItemMutation(propertyId, announcementId, (language: ReadingLanguage) =>
    api.delete<Announcement>(translationApiPath(propertyId, announcementId, language)),
  );

// Emergency broadcasts (issue 23 item 2): prepared unsent, then sent when the number reached is confirmed.

const emergenciesApiPath = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/emergencies`;
const emergencyApiPath = (propertyId: string, announcementId: string) =>
  `${emergenciesApiPath(propertyId)}/${encodeURIComponent(announcementId)}`;

/** The emergency pages: a new one, its confirmation (step two), and its edit. */
export const newEmergencyPath = (propertyId?: string | null) =>
  `/community/emergencies/new${propertyId ? `?propertyId=${encodeURIComponent(propertyId)}` : ''}`;
export const emergencyPath = (propertyId: string, announcementId: string) =>
  `/community/emergencies/${encodeURIComponent(propertyId)}/${encodeURIComponent(announcementId)}`;
export const editEmergencyPath = (propertyId: string, announcementId: string) =>
  `${emergencyPath(propertyId, announcementId)}/edit`;

const emergencyKey = (propertyId: string, announcementId: string) =>
  [...announcementKeys.item(propertyId, announcementId), 'emergency'] as const;

/** The prepared notice with the number of people it reaches now (always read afresh). */
export function emergencyQueryOptions(propertyId: string, announcementId: string) {
  return queryOptions({
    queryKey: emergencyKey(propertyId, announcementId),
    queryFn: ({ signal }) =>
      api.get<EmergencyPrepared>(emergencyApiPath(propertyId, announcementId), { signal }),
    staleTime: 0,
  });
}

function useEmergencyMutation<Input>(send: (input: Input) => Promise<EmergencyPrepared>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (prepared) => {
      const { propertyId, id } = prepared.announcement;
      queryClient.setQueryData(emergencyKey(propertyId, id), prepared);
      queryClient.setQueryData(announcementKeys.item(propertyId, id), prepared.announcement);
      return refreshAfterWrite(queryClient, propertyId);
    },
  });
}

export const usePrepareEmergency = () =>
  useEmergencyMutation(
    ({ propertyId, id, input }: { propertyId: string; id: string | null; input: EmergencyInput }) =>
      id
        ? api.put<EmergencyPrepared>(emergencyApiPath(propertyId, id), input)
        : api.post<EmergencyPrepared>(emergenciesApiPath(propertyId), input),
  );

export function useSendEmergency(propertyId: string, announcementId: string) {
  const queryClient = useQueryClient();
  const mutation = useEmergencyMutation((recipients: number) =>
    api.post<EmergencyPrepared>(`${emergencyApiPath(propertyId, announcementId)}/send`, { recipients }),
  );
  return {
    ...mutation,
    // A refusal (the audience changed, or someone else sent it) reads the notice again: the page then
    // shows the new number, or that it went.
    mutate: (recipients: number, options?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(recipients, {
        ...options,
        onError: (...args) => {
          void queryClient.invalidateQueries({ queryKey: emergencyKey(propertyId, announcementId) });
          options?.onError?.(...args);
        },
      }),
  };
}

/** The assistant's draft of an emergency notice, or its all-clear, from an emergency work order. */
export const useDraftFromWorkOrder = () =>
  useEmergencyMutation(({ propertyId, input }: { propertyId: string; input: EmergencyDraftInput }) =>
    api.post<EmergencyPrepared>(`${emergenciesApiPath(propertyId)}/drafts`, input),
  );

// Files (issue 23 item 1): uploaded through the attachments service while it is a draft or scheduled.

const filesKey = (announcementId: string, side: 'author' | 'reader') =>
  [...announcementKeys.all, 'files', side, announcementId] as const;

/** Its files with signed links (an hour): for its authors, or for a reader it is addressed to. */
export function announcementFilesQueryOptions(
  side: 'author' | 'reader',
  announcement: { id: string; propertyId: string },
) {
  return queryOptions({
    queryKey: filesKey(announcement.id, side),
    queryFn: ({ signal }) =>
      api.get<AttachmentList>(
        side === 'author'
          ? `${itemApiPath(announcement.propertyId, announcement.id)}/attachments`
          : `${readerApiPath(announcement.id)}/attachments`,
        { signal },
      ),
    // The links last an hour: ask again well before.
    staleTime: 30 * 60_000,
  });
}

export const invalidateAnnouncementFiles = (
  queryClient: ReturnType<typeof useQueryClient>,
  announcementId: string,
) => queryClient.invalidateQueries({ queryKey: filesKey(announcementId, 'author') });

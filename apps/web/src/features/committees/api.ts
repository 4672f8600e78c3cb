import type {
  Committee,
  CommitteeInput,
  CommitteeList,
  CommitteeMember,
  CommitteeMemberInput,
  EndCommitteeMember,
  Property,
  PropertyList,
} from '@commonwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { propertyListsKey } from '../properties/api.ts';

const committeesPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}/committees`;

/** A property's board and committees: current members, or every term with `includePast`. */
export function committeesQueryOptions(propertyId: string, includePast = false) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'committees', { includePast }],
    queryFn: ({ signal }) =>
      api.get<CommitteeList>(
        `${committeesPath(propertyId)}?${new URLSearchParams({ includePast: String(includePast), limit: '100' }).toString()}`,
        { signal },
      ),
  });
}

/** The properties the signed-in person may read (an owner's associations), for the rosters card. */
export const myPropertiesQueryOptions = queryOptions({
  queryKey: [...propertyListsKey, 'all'],
  queryFn: ({ signal }) =>
    getAllPages('/api/properties', (list: PropertyList): Property[] => list.properties, { signal }),
});

/** A property's owners and occupants matching a search, to pick a committee member from. */
export type PersonCandidate = {
  userId: string;
  fullName: string;
  email: string;
  units: { unitLabel: string; relation: 'owner' | 'occupant'; isCurrent: boolean }[];
};

export function memberCandidatesQueryOptions(propertyId: string, search: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'people', { q: search, limit: 20 }],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: '20', ...(search ? { q: search } : {}) });
      return (
        await api.get<{ people: PersonCandidate[] }>(
          `/api/properties/${encodeURIComponent(propertyId)}/people?${query.toString()}`,
          { signal },
        )
      ).people;
    },
    staleTime: 30_000,
  });
}

function useInvalidateCommittees(propertyId: string) {
  const queryClient = useQueryClient();
  // Rosters and the profiles that show seats.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['properties', propertyId, 'committees'] }),
      queryClient.invalidateQueries({ queryKey: ['people'] }),
    ]);
}

export function useCreateCommittee(propertyId: string) {
  const invalidate = useInvalidateCommittees(propertyId);
  return useMutation({
    mutationFn: (input: CommitteeInput) => api.post<Committee>(committeesPath(propertyId), input),
    onSettled: invalidate,
  });
}

export function useUpdateCommittee(propertyId: string, committeeId: string) {
  const invalidate = useInvalidateCommittees(propertyId);
  return useMutation({
    mutationFn: (input: CommitteeInput) =>
      api.patch<Committee>(`${committeesPath(propertyId)}/${encodeURIComponent(committeeId)}`, input),
    onSettled: invalidate,
  });
}

export function useDeleteCommittee(propertyId: string) {
  const invalidate = useInvalidateCommittees(propertyId);
  return useMutation({
    mutationFn: (committeeId: string) =>
      api.delete<void>(`${committeesPath(propertyId)}/${encodeURIComponent(committeeId)}`),
    onSettled: invalidate,
  });
}

export function useAddMember(propertyId: string, committeeId: string) {
  const invalidate = useInvalidateCommittees(propertyId);
  return useMutation({
    mutationFn: (input: CommitteeMemberInput) =>
      api.post<CommitteeMember>(
        `${committeesPath(propertyId)}/${encodeURIComponent(committeeId)}/members`,
        input,
      ),
    onSettled: invalidate,
  });
}

export function useEndMember(propertyId: string, member: { committeeId: string; id: string }) {
  const invalidate = useInvalidateCommittees(propertyId);
  return useMutation({
    mutationFn: (input: EndCommitteeMember) =>
      api.post<CommitteeMember>(
        `${committeesPath(propertyId)}/${encodeURIComponent(member.committeeId)}/members/${encodeURIComponent(member.id)}/end`,
        input,
      ),
    onSettled: invalidate,
  });
}

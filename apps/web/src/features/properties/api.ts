import type {
  AddedResident,
  AddResident,
  CommunitySetup,
  DeveloperCommunityList,
  AssignManager,
  Property,
  PropertyInput,
  PropertyList,
  PropertyListQuery,
  PropertyManager,
  PropertyManagerList,
  PropertyResident,
  PropertyResidentList,
  PropertyDefaults,
  User,
  UserList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getAllPages } from '../../lib/api.ts';
import { todayIn } from '../../lib/format.ts';

export const propertyDefaultsQueryKey = ['settings', 'system', 'defaults'] as const;

/**
 * The installation's defaults for a new association (System Settings), which the new-property form and
 * the onboarding wizard start from; whoever may create properties reads them.
 */
export const propertyDefaultsQueryOptions = queryOptions({
  queryKey: propertyDefaultsQueryKey,
  queryFn: ({ signal }) => api.get<PropertyDefaults>('/api/settings/system/defaults', { signal }),
  staleTime: 60_000,
});

const propertyPath = (id: string) => `/api/properties/${encodeURIComponent(id)}`;

/** Every cached page of the properties list (and the owner's associations), to refresh after a change. */
export const propertyListsKey = ['properties', 'list'] as const;

/** One page of the properties list, searched and sorted on the server. */
export function propertiesQueryOptions(query: PropertyListQuery) {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
  return queryOptions({
    queryKey: [...propertyListsKey, query],
    queryFn: ({ signal }) => api.get<PropertyList>(`/api/properties?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function propertyQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['properties', id],
    queryFn: ({ signal }) => api.get<Property>(propertyPath(id), { signal }),
  });
}

/** The association's date on its own clock, once its time zone is known (undefined until then). */
export function useAssociationToday(propertyId: string): { today: string | undefined; isKnown: boolean } {
  const property = useQuery(propertyQueryOptions(propertyId));
  const timeZone = property.data?.timeZone;
  return {
    today: timeZone ? todayIn(timeZone) : undefined,
    // Known, or not to be known (the browser's date is used).
    isKnown: !property.isPending,
  };
}

export async function fetchPropertyManagers(propertyId: string, signal?: AbortSignal) {
  return getAllPages(
    `${propertyPath(propertyId)}/managers`,
    (list: PropertyManagerList): PropertyManager[] => list.managers,
    { signal },
  );
}

export async function fetchPropertyResidents(propertyId: string, signal?: AbortSignal) {
  return getAllPages(
    `${propertyPath(propertyId)}/residents`,
    (list: PropertyResidentList): PropertyResident[] => list.residents,
    { signal },
  );
}

export function propertyManagersQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'managers'],
    queryFn: ({ signal }) => fetchPropertyManagers(propertyId, signal),
  });
}

export function propertyResidentsQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'residents'],
    queryFn: ({ signal }) => fetchPropertyResidents(propertyId, signal),
  });
}

/** Everyone with a role, for the Assign Manager and Add Resident pick lists. */
export function usersWithRoleQueryOptions(role: 'manager' | 'resident') {
  return queryOptions({
    // Under 'users' so that user management's changes (role, invitation, deactivation) refresh it too.
    queryKey: ['users', { role }],
    queryFn: ({ signal }) =>
      getAllPages(`/api/users?${new URLSearchParams({ role }).toString()}`, (list: UserList) => list.users, {
        signal,
      }),
  });
}

/**
 * Who may still be picked (SPEC §5): people already assigned to the property are left out, and so
 * are deactivated people, who cannot sign in.
 */
export function getAvailableUsers(users: readonly User[], assigned: readonly { userId: string }[]): User[] {
  const assignedIds = new Set(assigned.map((assignment) => assignment.userId));
  // Each person once: pages read one after another can repeat someone when people are added meanwhile,
  // and a pick list with a repeated value cannot be shown at all.
  const seen = new Set<string>();
  return users
    .filter((user) => !seen.has(user.id) && seen.add(user.id))
    .filter((user) => user.isActive && !assignedIds.has(user.id))
    .sort((a, b) => (a.fullName || a.email).localeCompare(b.fullName || b.email));
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyInput) => api.post<Property>('/api/properties', input),
    onSuccess: (property) => {
      queryClient.setQueryData(propertyQueryOptions(property.id).queryKey, property);
      return queryClient.invalidateQueries({ queryKey: propertyListsKey });
    },
  });
}

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyInput) => api.patch<Property>(propertyPath(id), input),
    onSuccess: (property) => {
      queryClient.setQueryData(propertyQueryOptions(id).queryKey, property);
      return queryClient.invalidateQueries({ queryKey: propertyListsKey });
    },
  });
}

function useInvalidateAfter(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useAssignManager(propertyId: string) {
  const invalidate = useInvalidateAfter(propertyManagersQueryOptions(propertyId).queryKey);
  return useMutation({
    mutationFn: (input: AssignManager) =>
      api.post<PropertyManager>(`${propertyPath(propertyId)}/managers`, input),
    onSettled: invalidate,
  });
}

export function useMakePrimaryManager(propertyId: string) {
  const invalidate = useInvalidateAfter(propertyManagersQueryOptions(propertyId).queryKey);
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api.patch<PropertyManager>(`${propertyPath(propertyId)}/managers/${encodeURIComponent(assignmentId)}`, {
        isPrimary: true,
      }),
    onSettled: invalidate,
  });
}

export function useRemoveManager(propertyId: string) {
  const invalidate = useInvalidateAfter(propertyManagersQueryOptions(propertyId).queryKey);
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api.delete<void>(`${propertyPath(propertyId)}/managers/${encodeURIComponent(assignmentId)}`),
    onSettled: invalidate,
  });
}

export function useAddResident(propertyId: string) {
  const invalidate = useInvalidateAfter(propertyResidentsQueryOptions(propertyId).queryKey);
  return useMutation({
    mutationFn: (input: AddResident) =>
      api.post<AddedResident>(`${propertyPath(propertyId)}/residents`, input),
    onSettled: invalidate,
  });
}

export function useRemoveResident(propertyId: string) {
  const invalidate = useInvalidateAfter(propertyResidentsQueryOptions(propertyId).queryKey);
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api.delete<void>(`${propertyPath(propertyId)}/residents/${encodeURIComponent(assignmentId)}`),
    onSettled: invalidate,
  });
}

/** The communities whose setup the developer portal follows (every property, for now). */
export const communitiesQueryOptions = queryOptions({
  queryKey: ['developer-portal', 'communities'],
  queryFn: ({ signal }) =>
    getAllPages('/api/developer-portal/communities', (list: DeveloperCommunityList) => list.communities, {
      signal,
    }),
});

/** A community's setup checklist: managers, residents, required documents, status. */
export function communitySetupQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: ['developer-portal', 'communities', propertyId, 'setup'],
    queryFn: ({ signal }) =>
      api.get<CommunitySetup>(`/api/developer-portal/communities/${encodeURIComponent(propertyId)}/setup`, {
        signal,
      }),
  });
}

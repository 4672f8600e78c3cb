import type {
  Occupancy,
  OccupancyInput,
  OccupancyUpdate,
  Ownership,
  OwnershipInput,
  PropertyPerson,
  Unit,
  UnitInput,
  UserList,
} from '@commonwise/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { propertyListsKey } from '../properties/api.ts';

/**
 * A property's units and the people in them (issue 17). Every key lives under the property's
 * (['properties', id, …]), so a change here refreshes the property's unit count and its residents card,
 * and the residents card's changes refresh these.
 */

const propertyPath = (propertyId: string) => `/api/properties/${encodeURIComponent(propertyId)}`;
const unitPath = (propertyId: string, unitId: string) =>
  `${propertyPath(propertyId)}/units/${encodeURIComponent(unitId)}`;

export const unitsPageSize = 25;

export type UnitPage = { units: Unit[]; total: number; page: number; limit: number };
export type PeoplePage = { people: PropertyPerson[]; total: number; page: number; limit: number };

export interface UnitListParams {
  q: string;
  page: number;
  archived: boolean;
  limit?: number;
}

export function unitsQueryOptions(propertyId: string, params: UnitListParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit ?? unitsPageSize),
    archived: String(params.archived),
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: ['properties', propertyId, 'units', 'list', search.toString()],
    queryFn: ({ signal }) => api.get<UnitPage>(`${propertyPath(propertyId)}/units?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function ownershipsQueryOptions(propertyId: string, unitId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'units', unitId, 'ownerships'],
    queryFn: async ({ signal }) =>
      (await api.get<{ ownerships: Ownership[] }>(`${unitPath(propertyId, unitId)}/ownerships`, { signal }))
        .ownerships,
  });
}

export function occupanciesQueryOptions(propertyId: string, unitId: string) {
  return queryOptions({
    queryKey: ['properties', propertyId, 'units', unitId, 'occupancies'],
    queryFn: async ({ signal }) =>
      (await api.get<{ occupancies: Occupancy[] }>(`${unitPath(propertyId, unitId)}/occupancies`, { signal }))
        .occupancies,
  });
}

export interface PeopleParams {
  q: string;
  page: number;
  includePast: boolean;
}

export function peopleQueryOptions(propertyId: string, params: PeopleParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: String(unitsPageSize),
    includePast: String(params.includePast),
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return queryOptions({
    queryKey: ['properties', propertyId, 'people', search.toString()],
    queryFn: ({ signal }) => api.get<PeoplePage>(`${propertyPath(propertyId)}/people?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** People to place in a unit, searched on the server by name or e-mail. */
export function personSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['users', { search }],
    queryFn: async ({ signal }) =>
      (await api.get<UserList>(`/api/users?${new URLSearchParams({ search })}`, { signal })).users.filter(
        (user) => user.isActive,
      ),
    enabled: search.trim().length > 0,
    staleTime: 30_000,
  });
}

/**
 * After any change to units or people: the property (its count), its residents, units and people, and
 * the properties list (its Units column).
 */
function useInvalidateProperty(propertyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['properties', propertyId] }),
      queryClient.invalidateQueries({ queryKey: propertyListsKey }),
    ]);
}

export function useSaveUnit(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ unitId, input }: { unitId: string | null; input: UnitInput }) =>
      unitId
        ? api.patch<Unit>(unitPath(propertyId, unitId), input)
        : api.post<Unit>(`${propertyPath(propertyId)}/units`, input),
    onSettled: invalidate,
  });
}

export function useSetUnitArchived(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ unitId, archived }: { unitId: string; archived: boolean }) =>
      api.post<Unit>(`${unitPath(propertyId, unitId)}/${archived ? 'archive' : 'unarchive'}`),
    onSettled: invalidate,
  });
}

export function useAddOwnership(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ unitId, input }: { unitId: string; input: OwnershipInput }) =>
      api.post<Ownership>(`${unitPath(propertyId, unitId)}/ownerships`, input),
    onSettled: invalidate,
  });
}

export function useAddOccupancy(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({ unitId, input }: { unitId: string; input: OccupancyInput }) =>
      api.post<Occupancy>(`${unitPath(propertyId, unitId)}/occupancies`, input),
    onSettled: invalidate,
  });
}

/** Ends an ownership or records a move-out on a day; the row stays as history. */
export function useEndMembership(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({
      unitId,
      relation,
      membershipId,
      on,
    }: {
      unitId: string;
      relation: 'owner' | 'occupant';
      membershipId: string;
      on: string;
    }) =>
      api.post<Ownership | Occupancy>(
        `${unitPath(propertyId, unitId)}/${relation === 'owner' ? 'ownerships' : 'occupancies'}/${encodeURIComponent(membershipId)}/end`,
        { on },
      ),
    onSettled: invalidate,
  });
}

/** Records how an occupant lives in the unit (for one carried over as "relationship not recorded"). */
export function useUpdateOccupancy(propertyId: string) {
  const invalidate = useInvalidateProperty(propertyId);
  return useMutation({
    mutationFn: ({
      unitId,
      occupancyId,
      input,
    }: {
      unitId: string;
      occupancyId: string;
      input: OccupancyUpdate;
    }) =>
      api.patch<Occupancy>(
        `${unitPath(propertyId, unitId)}/occupancies/${encodeURIComponent(occupancyId)}`,
        input,
      ),
    onSettled: invalidate,
  });
}

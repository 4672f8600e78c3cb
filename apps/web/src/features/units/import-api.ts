import type { UnitsImportPreview, UnitsImportResult } from '@commonwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The units import (issue 17, docs/units-import.md): preview a CSV file (nothing written), then commit
 * it (all or nothing). A commit refreshes everything under the property's key: its unit count, units,
 * people and residents.
 */

const importPath = (propertyId: string, step: 'preview' | 'commit') =>
  `/api/properties/${encodeURIComponent(propertyId)}/units/import/${step}`;

export function usePreviewUnitsImport(propertyId: string) {
  return useMutation({
    mutationFn: (csv: string) => api.post<UnitsImportPreview>(importPath(propertyId, 'preview'), { csv }),
  });
}

export function useCommitUnitsImport(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<UnitsImportResult>(importPath(propertyId, 'commit'), { csv }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['properties', propertyId] }),
  });
}

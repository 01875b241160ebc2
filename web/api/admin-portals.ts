import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPortalSchema,
  adminPortalsResponse,
  type CreatePortalBody,
  type PortalFieldsBody,
} from '../../shared/api/portals';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /admin/portals: every portal, by subdomain. */
export function useAdminPortals() {
  return useQuery({
    queryKey: queryKeys.adminPortals,
    queryFn: ({ signal }) => apiRequest(adminPortalsResponse, '/admin/portals', { auth: true, signal }),
  });
}

/** POST /admin/portals (a new subdomain) or PATCH /admin/portals/{label} (its fields); the list is read again. */
export function useSavePortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: CreatePortalBody } | { label: string; fields: PortalFieldsBody }) =>
      'create' in input
        ? apiRequest(adminPortalSchema, '/admin/portals', { method: 'POST', body: input.create, auth: true })
        : apiRequest(adminPortalSchema, `/admin/portals/${encodeURIComponent(input.label)}`, {
            method: 'PATCH',
            body: input.fields,
            auth: true,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPortals }),
  });
}

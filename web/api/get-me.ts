import { useQuery } from '@tanstack/react-query';
import { meResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /me: the caller's user record and profile, created on first use. */
export function getMe(signal?: AbortSignal) {
  return apiRequest(meResponse, '/me', { auth: true, signal });
}

export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.me(user?.userId ?? ''),
    queryFn: ({ signal }) => getMe(signal),
    enabled: user !== null,
  });
}

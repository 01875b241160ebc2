import { useMutation } from '@tanstack/react-query';
import { investorMembershipSchema } from '../../shared/api/investor-profile';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';

/** POST /investor/join: makes the signed-in user an investor of the portal. */
export function joinPortal(portalId: string) {
  return apiRequest(investorMembershipSchema, '/investor/join', {
    method: 'POST',
    body: { portalId },
    auth: true,
  });
}

/**
 * Joins, then refreshes the session: the server put the user in the `investor` group, and only a
 * new ID token says so (the investor's routes read it from the token).
 */
export function useJoinPortal(portalId: string) {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: async () => {
      const membership = await joinPortal(portalId);
      await refresh({ forceRefresh: true });
      return membership;
    },
  });
}

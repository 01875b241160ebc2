import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  investorProfileResponse,
  type SaveInvestorProfileBody,
  type WithdrawBody,
} from '../../shared/api/investor-profile';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /investor/profile: the investor's own profile (an empty draft before the first save). */
export function getInvestorProfile(signal?: AbortSignal) {
  return apiRequest(investorProfileResponse, '/investor/profile', { auth: true, signal });
}

export function useInvestorProfile() {
  const { user, isInvestor } = useAuth();
  return useQuery({
    queryKey: queryKeys.investorProfile(user?.userId ?? ''),
    queryFn: ({ signal }) => getInvestorProfile(signal),
    enabled: user !== null && isInvestor,
  });
}

/** PATCH /investor/profile: saves the given fields (a submitted profile becomes a draft again). */
export function saveInvestorProfile(body: SaveInvestorProfileBody) {
  return apiRequest(investorProfileResponse, '/investor/profile', { method: 'PATCH', body, auth: true });
}

/** POST /investor/profile/submit: sends the draft for review. */
export function submitInvestorProfile() {
  return apiRequest(investorProfileResponse, '/investor/profile/submit', { method: 'POST', auth: true });
}

/**
 * Saves the form, and submits it when asked: what is reviewed is exactly what the form showed. The
 * answer replaces the cached profile.
 */
export function useSaveInvestorProfile() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ body, submit }: { body: SaveInvestorProfileBody; submit: boolean }) => {
      const saved = await saveInvestorProfile(body);
      if (!submit) return saved;
      try {
        return await submitInvestorProfile();
      } catch (error) {
        // The save stands (a draft again): the cache says so, the form shows why it was not submitted.
        if (user) queryClient.setQueryData(queryKeys.investorProfile(user.userId), saved);
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (user) queryClient.setQueryData(queryKeys.investorProfile(user.userId), answer);
    },
  });
}

/** POST /investor/profile/confirm: "Confirm my profile is still right" (no review). */
export function confirmInvestorProfile() {
  return apiRequest(investorProfileResponse, '/investor/profile/confirm', { method: 'POST', auth: true });
}

/** POST /investor/profile/withdraw: the whole profile, or contact details, leave the directory at once. */
export function withdrawInvestorProfile(body: WithdrawBody) {
  return apiRequest(investorProfileResponse, '/investor/profile/withdraw', {
    method: 'POST',
    body,
    auth: true,
  });
}

/** A listed investor's confirm or withdraw: the answer replaces the cached profile. */
export function useListingAction() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (action: { kind: 'confirm' } | { kind: 'withdraw'; body: WithdrawBody }) =>
      action.kind === 'confirm' ? confirmInvestorProfile() : withdrawInvestorProfile(action.body),
    onSuccess: (answer) => {
      if (user) queryClient.setQueryData(queryKeys.investorProfile(user.userId), answer);
    },
  });
}

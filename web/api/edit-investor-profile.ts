import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileEditBody, profileEditResponse } from '../../shared/api/admin';
import { apiRequest } from './client';

/** PUT /admin/investors/{investorId}/profile: an admin sets or removes profile facts (issue 33). */
export function editInvestorProfile(input: { investorId: string; body: ProfileEditBody }) {
  return apiRequest(profileEditResponse, `/admin/investors/${encodeURIComponent(input.investorId)}/profile`, {
    method: 'PUT',
    body: input.body,
    auth: true,
  });
}

/** The edit; the mapping debugger's records (and the investor's profile) are read again after it. */
export function useEditInvestorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editInvestorProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mapping-debug'] }),
  });
}

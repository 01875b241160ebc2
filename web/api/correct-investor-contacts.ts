import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactCorrectionBody, contactCorrectionResponse } from '../../shared/api/admin';
import { apiRequest } from './client';

/** PUT /admin/investors/{investorId}/contacts: an admin sets, confirms or removes contact values. */
export function correctInvestorContacts(input: { investorId: string; body: ContactCorrectionBody }) {
  return apiRequest(
    contactCorrectionResponse,
    `/admin/investors/${encodeURIComponent(input.investorId)}/contacts`,
    { method: 'PUT', body: input.body, auth: true },
  );
}

/** The correction; the mapping debugger's records (and any card of the investor) are read again after it. */
export function useCorrectInvestorContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctInvestorContacts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mapping-debug'] }),
  });
}

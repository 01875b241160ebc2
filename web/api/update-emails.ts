import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** PUT /me/update-emails: turns the weekly summary of updates to bought contacts on or off. */
export function setUpdateEmails(enabled: boolean) {
  return apiRequest(meResponse, '/me/update-emails', { method: 'PUT', body: { enabled }, auth: true });
}

export function useSetUpdateEmails() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: setUpdateEmails,
    onSuccess: (me) => {
      if (user) queryClient.setQueryData(queryKeys.me(user.userId), me);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** PUT /me/response-times (issue 52): share the pipeline's dates in investors' response times, or not. */
export function useSetShareResponseTimes() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(meResponse, '/me/response-times', { method: 'PUT', body: { enabled }, auth: true }),
    onSuccess: (me) => {
      if (user) queryClient.setQueryData(queryKeys.me(user.userId), me);
    },
  });
}

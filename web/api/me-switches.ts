import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The caller's switches kept on their user record, each saved by a PUT of `{ enabled }`. */
export type MeSwitchPath = '/me/update-emails' | '/me/pipeline-reminders' | '/me/response-times';

/**
 * Saves one of the caller's switches and keeps GET /me's cached answer to the server's reply. A read
 * of /me still in flight when the switch is turned is cancelled first: it was asked before the change,
 * and landing after the save it would turn the switch back on the screen although the server kept it.
 */
export function useSetMeSwitch(path: MeSwitchPath) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = queryKeys.me(user?.userId ?? '');
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(meResponse, path, { method: 'PUT', body: { enabled }, auth: true }),
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    onSuccess: (me) => {
      if (user) queryClient.setQueryData(key, me);
    },
  });
}

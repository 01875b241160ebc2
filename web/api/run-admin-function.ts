import { useMutation } from '@tanstack/react-query';
import { type ADMIN_FUNCTION_NAMES, runFunctionResponse } from '../../shared/api/admin';
import { apiRequest } from './client';

export type AdminFunctionName = (typeof ADMIN_FUNCTION_NAMES)[number];

/**
 * POST /admin/functions/{functionName}: starts one of the function runner's jobs and answers its
 * execution. 409 'Function is already running' while the same job runs.
 */
export function runAdminFunction(functionName: AdminFunctionName) {
  return apiRequest(runFunctionResponse, `/admin/functions/${encodeURIComponent(functionName)}`, {
    method: 'POST',
    auth: true,
  });
}

export function useRunAdminFunction() {
  return useMutation({ mutationFn: runAdminFunction });
}

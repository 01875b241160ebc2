import { useMutation } from '@tanstack/react-query';
import { type CrmFormat, crmExportResponse } from '../../shared/api/account';
import { apiRequest } from './client';

/** GET /me/crm-export: a fresh, short-lived link to the whole library as the CRM's import file. */
export function getCrmExport(format: CrmFormat) {
  return apiRequest(crmExportResponse, '/me/crm-export', { auth: true, query: { format } });
}

/** Asks for the file and follows the link: the browser downloads it. */
export function useDownloadCrmExport() {
  return useMutation({
    mutationFn: getCrmExport,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

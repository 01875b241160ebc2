import { useMutation } from '@tanstack/react-query';
import { refreshedCsvResponse } from '../../shared/api/account';
import { apiRequest } from './client';

/**
 * GET /me/purchases/{cartId}/refreshed-csv: the CSV of a past purchase with today's values (free
 * updates, within 12 months of the purchase).
 */
export function getRefreshedCsv(cartId: string) {
  return apiRequest(refreshedCsvResponse, `/me/purchases/${encodeURIComponent(cartId)}/refreshed-csv`, {
    auth: true,
  });
}

/** Fetches the refreshed CSV and saves it as a file in the browser. */
export function useDownloadRefreshedCsv() {
  return useMutation({
    mutationFn: getRefreshedCsv,
    onSuccess: ({ fileName, csv }) => {
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}

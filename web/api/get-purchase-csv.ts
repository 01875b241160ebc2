import { useMutation } from '@tanstack/react-query';
import { purchaseCsvResponse } from '../../shared/api/account';
import { apiRequest } from './client';

/** GET /me/purchases/{cartId}/csv: a fresh, short-lived link to the CSV of a delivered purchase. */
export function getPurchaseCsv(cartId: string) {
  return apiRequest(purchaseCsvResponse, `/me/purchases/${encodeURIComponent(cartId)}/csv`, { auth: true });
}

/** Asks for a link and follows it: the browser downloads the CSV. */
export function useDownloadPurchaseCsv() {
  return useMutation({
    mutationFn: getPurchaseCsv,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

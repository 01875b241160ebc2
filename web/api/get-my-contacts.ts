import { useQuery } from '@tanstack/react-query';
import { contactsResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /me/contacts: the caller's contact library (bought contacts, in full). */
export function getMyContacts(signal?: AbortSignal) {
  return apiRequest(contactsResponse, '/me/contacts', { auth: true, signal });
}

export function useMyContacts() {
  const { user, isInvestor } = useAuth();
  return useQuery({
    queryKey: queryKeys.myContacts(user?.userId ?? ''),
    queryFn: ({ signal }) => getMyContacts(signal),
    // A founder's records: an investor account has none (the API refuses it).
    enabled: user !== null && !isInvestor,
  });
}

/** The ids of the investors already in the signed-in founder's library (empty for a visitor). */
export function useBoughtInvestorIds(): ReadonlySet<string> {
  const contacts = useMyContacts();
  return new Set(contacts.data?.contacts.map((contact) => contact.searchableInvestorId) ?? []);
}

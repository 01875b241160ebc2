import { randomUUID } from 'node:crypto';
import type { CartRecord, ProjectItem } from '../../../lambdas/lib/table/models';
import type { ImportedInvestor, SearchableInvestor } from '../../../shared/investors/types';
import type { LibraryPurchase } from '../../../shared/library/purchases';
import '../support/home';

/**
 * Builders for repository tests. Importing this module also points the repositories at the DynamoDB
 * Local of the run (through support/home). Every test shares that one database, so the builders
 * take unique ids from {@link unique} and tests scope their assertions to their own data.
 */

/** A short random suffix that keeps ids, emails and tags of one test apart from every other. */
export const unique = (prefix = 't'): string => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** An ISO timestamp `offsetMs` after a fixed base, so ordering by date is under the test's control. */
export const at = (offsetMs: number, base = Date.UTC(2024, 0, 1)): string =>
  new Date(base + offsetMs).toISOString();

export function importedInvestor(overrides: Partial<ImportedInvestor> = {}): ImportedInvestor {
  const now = new Date().toISOString();
  return {
    id: unique('imp_'),
    searchableInvestorEntryId: null,
    firstName: null,
    lastName: null,
    fullName: `Investor ${unique('')}`,
    photos: [],
    email: null,
    phone: null,
    social: {
      linkedin: null,
      twitter: null,
      crunchbase: null,
      instagram: null,
      youtube: null,
      tiktok: null,
      other: [],
    },
    title: null,
    investorRole: null,
    primaryFirm: null,
    otherFirms: [],
    stageFocus: [],
    sectorFocus: [],
    geographyFocus: null,
    checkSize: null,
    leadsRounds: null,
    selectedInvestments: [],
    portfolioCompanies: [],
    tags: [],
    notes: null,
    otherMetadata: [],
    sourceName: 'Repository tests',
    sourceUrl: null,
    importedAt: now,
    importedByUserId: 'test-admin',
    status: 'pending',
    fieldStatuses: [],
    updatedAt: now,
    ...overrides,
  };
}

export function searchableInvestor(overrides: Partial<SearchableInvestor> = {}): SearchableInvestor {
  return {
    id: unique('inv_'),
    name: `Investor ${unique('')}`,
    investorRole: 'vc',
    stageFocus: [],
    sectorFocus: [],
    hasEmail: false,
    hasPhone: false,
    hasLinkedIn: false,
    hasTwitter: false,
    hasCrunchbase: false,
    importedInvestorId: unique('imp_'),
    firmName: null,
    title: null,
    cities: [],
    countries: [],
    checkMin: null,
    checkMax: null,
    contactConfirmed: {},
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

export function project(overrides: Partial<ProjectItem> = {}): ProjectItem {
  const now = new Date().toISOString();
  return {
    id: unique('proj_'),
    creatorUserId: unique('user_'),
    name: 'Acme Analytics',
    description: 'Dashboards for small shops.',
    createdAt: now,
    updatedAt: now,
    startupStatus: ['Building'],
    sectors: ['saas'],
    stripeConnectCode: null,
    stripeConnectScope: null,
    stripeConnectTimestamp: null,
    ...overrides,
  };
}

export function cart(overrides: Partial<CartRecord> = {}): CartRecord {
  return {
    id: unique('cart_'),
    startedDate: Date.now(),
    searchableInvestorEntryIds: [unique('inv_'), unique('inv_')],
    pricing: {
      tierDescription: 'Up to 50 contacts',
      totalX100: 5000,
      lineItemCount: 2,
      stripePaymentLink: 'https://checkout.example.com/tier-50',
    },
    status: 'active',
    creatorUserId: unique('user_'),
    columnOrder: ['rowIndex', 'name', 'email', 'linkedinUrl'],
    exportFormat: 'csv',
    savedAt: new Date().toISOString(),
    purchasedAt: null,
    flaggedReason: null,
    version: 1,
    checkoutOpenedAt: null,
    recipientEmail: null,
    paymentStatus: null,
    paidSessionId: null,
    paidWithCredit: false,
    investorNames: {},
    ...overrides,
  };
}

/** A contact in a founder's library, bought from one cart (every contact field empty unless overridden). */
/** One cart's purchase of one investor, as a delivery adds it to the library (email bought). */
export function libraryPurchase(userId: string, overrides: Partial<LibraryPurchase> = {}): LibraryPurchase {
  return {
    userId,
    searchableInvestorId: unique('inv_'),
    importedInvestorId: unique('imp_'),
    name: 'Ada Marlowe',
    cartId: unique('cart_'),
    purchasedAt: at(0),
    values: { email: { value: 'ada@example.com', changedAt: at(0) } },
    ...overrides,
  };
}

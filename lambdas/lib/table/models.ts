import * as z from 'zod/mini';
import { curationJobSchema, unmatchedPaymentSchema } from '../../../shared/api/admin';
import { CREDIT_KINDS } from '../../../shared/api/credits';
import { directoryMetadataSchema } from '../../../shared/api/directory';
import {
  IMPORT_JOB_STATUSES,
  importOutcomesSchema,
  mergedRowSchema,
  valueNoticeSchema,
} from '../../../shared/api/imports';
import {
  CORRECTION_STATUSES,
  correctionRequestSchema,
  type WithdrawalMark,
  withdrawalMarkSchema,
} from '../../../shared/api/investor-requests';
import { entryDecisionSchema } from '../../../shared/api/investor-review';
import { adminReportSchema } from '../../../shared/api/reports';
import { taxonomyJobSchema, type UnmappedKind, unmappedKindSchema } from '../../../shared/api/taxonomy';
import { CART_STATUSES, cartInvestorSchema } from '../../../shared/cart/cart';
import { EXPORT_COLUMN_KEYS } from '../../../shared/cart/export';
import { cartPricingSchema } from '../../../shared/cart/pricing';
import { PAYMENT_STATUSES } from '../../../shared/cart/purchase-state';
import { curationRuleSchema } from '../../../shared/curation/rules';
import { storedSubscriptionSchema } from '../../../shared/insights/mrr';
import {
  storedChargeSchema,
  storedInvoiceSchema,
  storedRefundSchema,
  type TransactionType,
} from '../../../shared/insights/transactions';
import {
  INVESTOR_PROFILE_STATUSES,
  investorProfileFieldsSchema,
  profileReviewSchema,
} from '../../../shared/investors/investor-profile';
import { reminderDueAt, withdrawalSchema } from '../../../shared/investors/listing';
import { profileSheetSchema } from '../../../shared/investors/profile-facts';
import { CONTACT_KINDS, contactSheetSchema } from '../../../shared/investors/provenance';
import { investorRoleSchema } from '../../../shared/investors/roles';
import { importedInvestorSchema, searchableInvestorSchema } from '../../../shared/investors/types';
import { PASS_REASONS, PIPELINE_STAGES } from '../../../shared/pipeline/stages';
import { DATA_REQUEST_ACTIONS, DATA_REQUEST_STATUSES } from '../../../shared/privacy/data-requests';
import { raiseSchema } from '../../../shared/projects/raise';
import { taxonomyEditSchema } from '../../../shared/taxonomy/taxonomy';
import { accessPattern, defineModel, keyFragment, padNumber, type TableKey } from './model';

/**
 * Every entity of the single table (spec section 3), with its keys. `docs/data-model.md` lists the
 * access patterns these keys serve.
 */

const isoDate = z.string().check(z.minLength(1));

/** A user's partition (`USER#<sub>`): their profile and everything they own. */
const userPartition = (userId: string) => `USER#${userId}`;

/** The key of a user's profile. */
export const userProfileKey = (userId: string): TableKey => ({ pk: userPartition(userId), sk: 'PROFILE' });

/** user + profile: one item per Cognito user. */
export const userProfileModel = defineModel(
  'userProfile',
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.nullable(z.string()),
    verifiedEmail: z.boolean(),
    type: z.nullable(z.string()),
    projects: z.array(z.string()),
    createdAt: isoDate,
    /** The weekly summary of updates to bought contacts (issue 20): on unless the founder turned it off. */
    updateEmails: z._default(z.boolean(), true),
    /** The daily email of due next steps in the pipeline (issue 36): on unless turned off. */
    pipelineReminders: z._default(z.boolean(), true),
  }),
  (v) => userProfileKey(v.userId),
);
export type UserProfile = z.infer<typeof userProfileModel.schema>;

/**
 * A buyer's weekly summary of updates (issue 20), created with their first library item: the index
 * the weekly job pages over (only founders who bought something), and what it last sent: the ISO
 * week claimed (`2026-W48`; `previousSentWeek` the one before, which a refused send gives back) and
 * the instant the last email sent covered changes up to.
 */
const UPDATE_SUMMARIES = 'UPDATE_SUMMARIES';
export const updateSummaryKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'UPDATE_SUMMARY',
});

/** The buyers to send the weekly summary to (`gsi1`). */
export const updateSummaries = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: 'The buyers to send the weekly summary to (the weekly job pages over it)',
  },
  () => ({ partition: UPDATE_SUMMARIES }),
);

export const updateSummaryModel = defineModel(
  'updateSummary',
  z.object({
    userId: z.string(),
    createdAt: isoDate,
    lastSentWeek: z._default(z.nullable(z.string()), null),
    coveredUntil: z._default(z.nullable(isoDate), null),
    previousSentWeek: z._default(z.nullable(z.string()), null),
  }),
  (v) => ({ ...updateSummaryKey(v.userId), gsi1pk: UPDATE_SUMMARIES, gsi1sk: v.userId }),
);
export type UpdateSummary = z.infer<typeof updateSummaryModel.schema>;

/** The buyers-of-an-investor index key of a library item (`gsi1`). */
const buyersIndexKey = (searchableInvestorId: string) => `BUYERS#${searchableInvestorId}`;

const CONTACT_PREFIX = 'CONTACT#';
/** The key of one bought contact in a user's library. */
export const purchasedContactKey = (userId: string, searchableInvestorId: string): TableKey => ({
  pk: userPartition(userId),
  sk: `${CONTACT_PREFIX}${searchableInvestorId}`,
});
/** The investor id of a library row's sort key. */
export const investorIdOfContactKey = (sk: string) => sk.slice(CONTACT_PREFIX.length);

/** A founder's contact library: their bought contacts (one Query of their partition). */
export const purchasedContactsOf = accessPattern(
  { index: 'table', params: ['userId'], description: "A founder's contact library (their bought contacts)" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: CONTACT_PREFIX }),
);

/** The founders who bought one investor: their library rows (`gsi1`). */
export const buyersOf = accessPattern(
  {
    index: 'gsi1',
    params: ['investorId'],
    description: "The founders who bought one investor (the admins' review of a join)",
  },
  (investorId: string) => ({ partition: buyersIndexKey(investorId) }),
);

/** A contact the user bought: kept in their contact library with the values they paid for. */
export const purchasedContactModel = defineModel(
  'purchasedContact',
  z.object({
    userId: z.string(),
    searchableInvestorId: z.string(),
    importedInvestorId: z.string(),
    name: z.string(),
    email: z.nullable(z.string()),
    linkedinUrl: z.nullable(z.string()),
    /** The other contact values bought (issue 20; absent on contacts bought before). */
    phone: z._default(z.nullable(z.string()), null),
    twitterUrl: z._default(z.nullable(z.string()), null),
    crunchbaseUrl: z._default(z.nullable(z.string()), null),
    /**
     * Per field, the contact sheet's `changedAt` of the value bought: a later `changedAt` in the sheet
     * means the value changed since (docs/data-model.md, "Provenance"). Null when not bought.
     */
    emailChangedAt: z._default(z.nullable(isoDate), null),
    linkedinChangedAt: z._default(z.nullable(isoDate), null),
    phoneChangedAt: z._default(z.nullable(isoDate), null),
    twitterChangedAt: z._default(z.nullable(isoDate), null),
    crunchbaseChangedAt: z._default(z.nullable(isoDate), null),
    /**
     * The investor's firm (public) as the directory had it at the last purchase (issue 32: the
     * library's firm column, search and order). Absent on rows bought before: read from the card.
     */
    firmName: z.optional(z.nullable(z.string())),
    /** The first cart that bought this contact, and when. */
    cartId: z.string(),
    purchasedAt: isoDate,
    /** Every cart that included it: a later purchase adds fields, never removes one. */
    cartIds: z._default(z.array(z.string()), []),
    /**
     * When each cart that included it was paid, by cart id, and the cart whose purchase gave each value
     * (issue 30): free updates and the bounce-credit window count from the purchase of the value.
     * Empty on rows written before (their values count from `purchasedAt`).
     */
    purchases: z._default(z.record(z.string(), isoDate), {}),
    boughtIn: z._default(
      z.object({
        email: z.optional(z.string()),
        linkedinUrl: z.optional(z.string()),
        phone: z.optional(z.string()),
        twitterUrl: z.optional(z.string()),
        crunchbaseUrl: z.optional(z.string()),
      }),
      {},
    ),
    /** Counts the row's writes: each is conditional on the version it read (two deliveries at once). */
    version: z._default(z.int(), 0),
  }),
  // By investor too (issue 30): how many founders bought an entry, for the admins' review of a join.
  (v) => ({
    ...purchasedContactKey(v.userId, v.searchableInvestorId),
    gsi1pk: buyersIndexKey(v.searchableInvestorId),
    gsi1sk: v.userId,
  }),
);
export type PurchasedContact = z.infer<typeof purchasedContactModel.schema>;

const projectPartition = (id: string) => `PROJECT#${id}`;
export const projectKey = (id: string): TableKey => ({ pk: projectPartition(id), sk: 'PROJECT' });
export const stripeConnectionKey = (projectId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: 'STRIPE_CONNECTION',
});

/** A founder's projects, by creation (`gsi1`). */
export const projectsOfCreator = accessPattern(
  { index: 'gsi1', params: ['userId'], description: "A founder's projects" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'PROJECT#' }),
);

/** Every item of a project's partition: the project, its Stripe connection, its transactions. */
export const projectItems = accessPattern(
  {
    index: 'table',
    params: ['projectId'],
    description: 'A project and everything kept under it (its deletion)',
  },
  (projectId: string) => ({ partition: projectPartition(projectId) }),
);

/** The projects connected to one Stripe account (`gsi1`). */
export const projectsConnectedTo = accessPattern(
  {
    index: 'gsi1',
    params: ['stripeUserId'],
    description: 'The projects connected to one Stripe account (disconnecting the last one deauthorises it)',
  },
  (stripeUserId: string) => ({ partition: `STRIPE_ACCOUNT#${stripeUserId}`, sortPrefix: 'PROJECT#' }),
);

export const projectModel = defineModel(
  'project',
  z.object({
    id: z.string(),
    creatorUserId: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    startupStatus: z.array(z.string()),
    sectors: z.array(z.string()),
    stripeConnectCode: z.nullable(z.string()),
    stripeConnectScope: z.nullable(z.string()),
    stripeConnectTimestamp: z.nullable(isoDate),
    /** What the project is raising (issue 35); absent until the founder says, null once cleared. */
    raise: z.optional(z.nullable(raiseSchema)),
  }),
  (v) => ({
    ...projectKey(v.id),
    gsi1pk: userPartition(v.creatorUserId),
    gsi1sk: `PROJECT#${v.createdAt}#${v.id}`,
  }),
);
export type ProjectItem = z.infer<typeof projectModel.schema>;

/**
 * A project's Stripe Connect connection: the connected account (ingestion calls Stripe with the
 * platform's key on that account's behalf). The OAuth tokens Stripe returns are not kept: nothing
 * uses them. Records written before keep `accessToken`/`refreshToken` until their first read, which
 * removes them (`getStripeConnection`). Server-side only, never returned by the API.
 */
export const stripeConnectionModel = defineModel(
  'stripeConnection',
  z.object({
    projectId: z.string(),
    projectOwnerUserId: z.string(),
    stripeUserId: z.string(),
    stripePublishableKey: z.nullable(z.string()),
    connectedAt: isoDate,
  }),
  (v) => ({
    ...stripeConnectionKey(v.projectId),
    // The projects connected to one Stripe account: disconnecting the last one deauthorises it.
    gsi1pk: `STRIPE_ACCOUNT#${v.stripeUserId}`,
    gsi1sk: `PROJECT#${v.projectId}`,
  }),
);
export type StripeConnection = z.infer<typeof stripeConnectionModel.schema>;

/** What every ingested transaction carries beside Stripe's fields: whose it is and when it was read. */
const ingested = {
  projectId: z.string(),
  /** The connected account it was read from (`acct_...`): a later connection to another account ignores it. */
  stripeAccountId: z.string(),
  syncedAt: isoDate,
};

/** The sort key of an ingested transaction, under its project: `TXN#<type>#<stripeId>`. */
export const transactionSortKey = (type: TransactionType, stripeId: string) => `TXN#${type}#${stripeId}`;

/** A project's ingested transactions, of one type or all (one Query of the project's partition). */
export const transactionsOf = accessPattern(
  {
    index: 'table',
    params: ['projectId', 'type'],
    description:
      "A project's ingested Stripe transactions, of one type (Business Insights) or all (a reconnection clears them)",
  },
  (projectId: string, type?: TransactionType) => ({
    partition: projectPartition(projectId),
    sortPrefix: type === undefined ? 'TXN#' : transactionSortKey(type, ''),
  }),
);

/** A charge of the project's connected Stripe account (ingest, 'Business Insights'). */
export const stripeChargeModel = defineModel(
  'stripeCharge',
  z.object({ ...storedChargeSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('charge', v.id),
  }),
);
export type StripeChargeItem = z.infer<typeof stripeChargeModel.schema>;

export const stripeRefundModel = defineModel(
  'stripeRefund',
  z.object({ ...storedRefundSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('refund', v.id),
  }),
);
export type StripeRefundItem = z.infer<typeof stripeRefundModel.schema>;

export const stripeInvoiceModel = defineModel(
  'stripeInvoice',
  z.object({ ...storedInvoiceSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('invoice', v.id),
  }),
);
export type StripeInvoiceItem = z.infer<typeof stripeInvoiceModel.schema>;

/** A subscription of the connected account, in the shape the MRR computation reads. */
export const stripeSubscriptionModel = defineModel(
  'stripeSubscription',
  z.object({ ...storedSubscriptionSchema.shape, ...ingested }),
  (v) => ({ pk: projectPartition(v.projectId), sk: transactionSortKey('subscription', v.id) }),
);
export type StripeSubscriptionItem = z.infer<typeof stripeSubscriptionModel.schema>;

/** The index partition of an import job's staged rows (written, not yet published). */
const stagedIndexKey = (jobId: string) => `STAGED#${jobId}`;
const UNMAPPED = 'UNMAPPED';

export const importedInvestorKey = (id: string): TableKey => ({ pk: `IMPORTED#${id}`, sk: 'IMPORTED' });

/** The imported investors with one email, any case (`gsi1`). */
export const importedInvestorsWithEmail = accessPattern(
  { index: 'gsi1', params: ['email'], description: 'The imported investors with one email (any case)' },
  (email: string) => ({ partition: emailIndexKey(email) }),
);

/** The imported investors not yet mapped (`gsi2`, sparse). */
export const unmappedImportedInvestors = accessPattern(
  { index: 'gsi2', params: [], description: 'The imported investors not yet mapped (process unmapped)' },
  () => ({ partition: UNMAPPED }),
);

/** An import job's staged rows, written and not yet published (`gsi2`). */
export const stagedRowsOf = accessPattern(
  {
    index: 'gsi2',
    params: ['jobId'],
    description: "An import job's staged rows (publishing, counting, discarding)",
  },
  (jobId: string) => ({ partition: stagedIndexKey(jobId) }),
);

export const importedInvestorModel = defineModel('importedInvestor', importedInvestorSchema, (v) => ({
  ...importedInvestorKey(v.id),
  ...(v.email?.trim() ? { gsi1pk: emailIndexKey(v.email), gsi1sk: `IMPORTED#${v.id}` } : {}),
  // Sparse: only pending records are in the "unmapped" index; staged ones are under their import job.
  ...(v.status === 'pending' ? { gsi2pk: UNMAPPED, gsi2sk: `${v.importedAt}#${v.id}` } : {}),
  ...(v.status === 'staged' ? { gsi2pk: stagedIndexKey(v.importJobId ?? ''), gsi2sk: v.id } : {}),
}));

const investorPartition = (id: string) => `INVESTOR#${id}`;
export const searchableInvestorKey = (id: string): TableKey => ({
  pk: investorPartition(id),
  sk: 'INVESTOR',
});

export const searchableInvestorModel = defineModel('searchableInvestor', searchableInvestorSchema, (v) =>
  searchableInvestorKey(v.id),
);

/**
 * An investor's contact sheet (issue 20): each contact value with its source and dates, beside the
 * searchable investor in its partition. Private: read only by its own key, never by a public route.
 * Written only when it says more than the investor's linked imported record (docs/data-model.md,
 * "Provenance").
 */
export const investorContactsKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'CONTACTS',
});
export const investorContactsModel = defineModel('investorContacts', contactSheetSchema, (v) =>
  investorContactsKey(v.investorId),
);

/**
 * An investor's profile sheet (issue 33): each public profile fact (thesis, website, lead or follow,
 * typical cheque, geographic focus, portfolio, recent investments) with its source and dates, beside
 * the contact sheet. Public values, private sources. Written only when it says more than the
 * investor's linked imported record (docs/data-model.md, "Profile facts").
 */
export const investorProfileFactsKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'PROFILE_FACTS',
});
export const investorProfileFactsModel = defineModel('investorProfileFacts', profileSheetSchema, (v) =>
  investorProfileFactsKey(v.investorId),
);

export const TAG_KINDS = ['stage', 'sector'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const tagKindSchema = z.enum(TAG_KINDS);

/**
 * Sort key that keeps postings alphabetical by name, then by id for equal names. Accents are
 * folded (Ávila sorts with the A's) because DynamoDB orders sort keys by their UTF-8 bytes.
 */
export const nameSortKey = (name: string, id: string) =>
  `NAME#${keyFragment(name.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase(), 900)}#${id}`;

/** A tag's partition: the normalised tag, cut to fit DynamoDB's key limit (a tag is rarely past 50 bytes). */
export const tagPartitionKey = (kind: TagKind, tagKey: string) => `TAG#${kind}#${keyFragment(tagKey, 1000)}`;

/** The imported-investors-by-email index key: the trimmed, lower-case email, cut to fit. */
export const emailIndexKey = (email: string) => `EMAIL#${keyFragment(email.trim().toLowerCase(), 1000)}`;

/**
 * One posting per searchable investor per stage or sector tag, carrying the card search shows, so
 * a page of results is one Query whatever the number of matches.
 */
const NAME_PREFIX = 'NAME#';

/** The postings of one tag, alphabetical by name (search; the field merger's batches). */
export const postingsOfTag = accessPattern(
  {
    index: 'table',
    params: ['kind', 'tagKey'],
    description: 'The investors carrying one stage or sector tag, by name (search)',
  },
  (kind: TagKind, tagKey: string) => ({ partition: tagPartitionKey(kind, tagKey), sortPrefix: NAME_PREFIX }),
);

export const tagPostingModel = defineModel(
  'tagPosting',
  z.object({
    kind: tagKindSchema,
    tagKey: z.string(),
    investor: cartInvestorSchema,
  }),
  (v) => ({ pk: tagPartitionKey(v.kind, v.tagKey), sk: nameSortKey(v.investor.name, v.investor.id) }),
);
export type TagPosting = z.infer<typeof tagPostingModel.schema>;

/** gsi1 lists every tag counter, so aggregation reads counters with one Query instead of a Scan. */
const TAG_COUNTERS = 'TAGCOUNTERS';

export const tagCounterKey = (kind: TagKind, tagKey: string): TableKey => ({
  pk: tagPartitionKey(kind, tagKey),
  sk: '#COUNT',
});

/** Every tag counter (`gsi1`). */
export const tagCounters = accessPattern(
  { index: 'gsi1', params: [], description: 'Every tag counter (aggregation, without a Scan)' },
  () => ({ partition: TAG_COUNTERS }),
);

/**
 * The number of investors carrying a tag, kept in step with the postings by mapping and set exact by
 * the recount, listed in the counters index (gsi1). The repository adds per-spelling counts.
 */
export const tagCounterModel = defineModel(
  'tagCounter',
  z.object({ kind: tagKindSchema, tagKey: z.string(), count: z.int() }),
  (v) => ({
    ...tagCounterKey(v.kind, v.tagKey),
    gsi1pk: TAG_COUNTERS,
    gsi1sk: `${v.kind}#${keyFragment(v.tagKey, 1000)}`,
  }),
);

const DIRECTORY = 'DIRECTORY';
const META_PREFIX = 'META#';

/** One record per aggregation run: the API's directory-metadata contract, with a checked timestamp. */
export const directoryMetadataModel = defineModel(
  'directoryMetadata',
  z.extend(directoryMetadataSchema, { createdAt: isoDate }),
  (v) => ({ pk: DIRECTORY, sk: `${META_PREFIX}${v.createdAt}#${v.id}` }),
);

/** The directory metadata records, by creation (the latest: the last one). */
export const directoryMetadataRecords = accessPattern(
  { index: 'table', params: [], description: "The directory's metadata records, by creation (the latest)" },
  () => ({ partition: DIRECTORY, sortPrefix: META_PREFIX }),
);

/** The directory's running totals (one item, kept by mapping). */
export const directoryTotalsKey = (): TableKey => ({ pk: DIRECTORY, sk: '#TOTALS' });
export type DirectoryMetadata = z.infer<typeof directoryMetadataModel.schema>;

const cartPartition = (id: string) => `CART#${id}`;
const CARTS = 'CARTS';
export const cartKey = (id: string): TableKey => ({ pk: cartPartition(id), sk: 'CART' });
export const cartDeliveryKey = (cartId: string): TableKey => ({ pk: cartPartition(cartId), sk: 'DELIVERY' });

/**
 * A saved cart. Items are not embedded: 2,500 cards would pass DynamoDB's 400 KB item limit, so the
 * cart keeps the ids (in order) and the cards are read back from the searchable investors.
 */
export const cartModel = defineModel(
  'cart',
  z.object({
    id: z.string(),
    startedDate: z.int(),
    searchableInvestorEntryIds: z.array(z.string()),
    pricing: cartPricingSchema,
    status: z.enum(CART_STATUSES),
    creatorUserId: z.string(),
    columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
    exportFormat: z.literal('csv'),
    savedAt: isoDate,
    purchasedAt: z.nullable(isoDate),
    /** Set when a payment did not match the tier price: an admin must look at it. */
    flaggedReason: z.nullable(z.string()),
    /** Raised by every save; the webhook purchases the version it priced, no other. */
    version: z._default(z.int(), 1),
    /** When the founder opened the payment page: from then on the cart cannot change. */
    checkoutOpenedAt: z._default(z.nullable(isoDate), null),
    /** Where the CSV goes: the founder's verified address when the payment page was opened. */
    recipientEmail: z._default(z.nullable(z.string()), null),
    /** A payment that settles later ('pending'), or one that then failed ('failed'). */
    paymentStatus: z._default(z.nullable(z.enum(PAYMENT_STATUSES)), null),
    /** The Stripe checkout session that paid for the cart. */
    paidSessionId: z._default(z.nullable(z.string()), null),
    /** A cart of one investor "paid" with a bounce credit (issue 20): delivered like a purchase. */
    paidWithCredit: z._default(z.boolean(), false),
    /**
     * The investors' names when the cart was saved, by id: the credit history names an investor the
     * delivery could not deliver (no longer in the directory) by it. Empty for older carts.
     */
    investorNames: z._default(z.record(z.string(), z.string()), {}),
  }),
  (v) => ({
    ...cartKey(v.id),
    gsi1pk: CARTS,
    gsi1sk: `${padNumber(v.startedDate)}#${v.id}`,
    gsi2pk: userPartition(v.creatorUserId),
    gsi2sk: `CART#${padNumber(v.startedDate)}#${v.id}`,
  }),
);
export type CartRecord = z.infer<typeof cartModel.schema>;

/** Every cart, by start (`gsi1`; the admin carts page reads it newest first). */
export const allCarts = accessPattern(
  { index: 'gsi1', params: [], description: 'Every cart, by start (the admin carts page, newest first)' },
  () => ({ partition: CARTS }),
);

/** A founder's carts, by start (`gsi2`). */
export const cartsOfCreator = accessPattern(
  { index: 'gsi2', params: ['userId'], description: "A founder's carts" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'CART#' }),
);

/**
 * The working cart (issue 32): a signed-in founder's export cart before it is saved, one item per
 * founder. Investor ids only (at most 2,500 ids of at most 64 characters: under 170 KB, well inside
 * DynamoDB's 400 KB item limit); `version` is raised by every write, each conditional on the one it
 * read.
 */
export const workingCartKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'WORKING_CART',
});
export const workingCartModel = defineModel(
  'workingCart',
  z.object({
    userId: z.string(),
    investorIds: z.array(z.string()),
    columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
    cartId: z.nullable(z.string()),
    version: z.int(),
    updatedAt: isoDate,
  }),
  (v) => workingCartKey(v.userId),
);
export type WorkingCartRecord = z.infer<typeof workingCartModel.schema>;

// ---------------------------------------------------------------- shortlists (issue 35)

/**
 * A founder's shortlist records (`SHORTLIST#<sub>`), apart from their `USER#` partition so the
 * function that writes them can write nothing else of theirs: their saved searches, the header that
 * counts them and carries the weekly alert's state, and each project's pass list.
 */
const shortlistPartition = (userId: string) => `SHORTLIST#${userId}`;
const SAVED_PREFIX = 'SAVED#';
const SEARCH_ALERTS = 'SEARCH_ALERTS';

export const savedSearchKey = (userId: string, id: string): TableKey => ({
  pk: shortlistPartition(userId),
  sk: `${SAVED_PREFIX}${id}`,
});

/** A founder's saved searches, oldest first (ids are time-ordered). */
export const savedSearchesOf = accessPattern(
  { index: 'table', params: ['userId'], description: "A founder's saved searches (the account page's list)" },
  (userId: string) => ({ partition: shortlistPartition(userId), sortPrefix: SAVED_PREFIX }),
);

/**
 * A saved search (issue 35): a search of the directory (its filters and words) or a project's
 * shortlist (the project, and filters narrowing it), named by the founder. `lastOpenedAt` is what
 * "new since" counts from (set to the save's time at first).
 */
export const savedSearchModel = defineModel(
  'savedSearch',
  z.object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    kind: z.enum(['search', 'shortlist']),
    /** The search's filters as the URL carries them (`q`, `role`, `stageFocus`, …). */
    filters: z.record(z.string(), z.string()),
    /** A shortlist's project; null for a search. */
    projectId: z.nullable(z.string()),
    createdAt: isoDate,
    lastOpenedAt: isoDate,
  }),
  (v) => savedSearchKey(v.userId, v.id),
);
export type SavedSearchItem = z.infer<typeof savedSearchModel.schema>;

export const shortlistHeaderKey = (userId: string): TableKey => ({
  pk: shortlistPartition(userId),
  sk: 'HEADER',
});

/** The founders with saved searches, for the weekly alert (`gsi1`): it pages over them, never a Scan. */
export const searchAlertFounders = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: 'The founders with saved searches (the weekly alert pages over it)',
  },
  () => ({ partition: SEARCH_ALERTS }),
);

/**
 * A founder's shortlist header, made with their first saved search: how many saved searches they
 * keep (the limit's guard, changed in the same transaction as each save and delete), the alert's
 * switch, and what the alert last sent (the ISO week claimed, the one before, the instant its
 * email covered new investors up to), as the weekly update summary keeps it.
 */
export const shortlistHeaderModel = defineModel(
  'shortlistHeader',
  z.object({
    userId: z.string(),
    savedCount: z._default(z.int(), 0),
    alerts: z._default(z.boolean(), true),
    lastSentWeek: z._default(z.nullable(z.string()), null),
    previousSentWeek: z._default(z.nullable(z.string()), null),
    coveredUntil: z._default(z.nullable(isoDate), null),
    createdAt: isoDate,
  }),
  (v) => ({ ...shortlistHeaderKey(v.userId), gsi1pk: SEARCH_ALERTS, gsi1sk: v.userId }),
);
export type ShortlistHeader = z.infer<typeof shortlistHeaderModel.schema>;

/** The index keys of a founder's header (written by the first save's update, which creates it). */
export const shortlistHeaderIndexKeys = (userId: string) => ({ gsi1pk: SEARCH_ALERTS, gsi1sk: userId });

export const passListKey = (userId: string, projectId: string): TableKey => ({
  pk: shortlistPartition(userId),
  sk: `PASSES#${projectId}`,
});

/**
 * The investors a founder marked "Not a fit" for one project: one item per project, the ids a
 * string set (added and removed by DynamoDB's ADD and DELETE: two clicks at once both land). No
 * item, or no set, is no pass.
 */
export const passListModel = defineModel(
  'passList',
  z.object({
    userId: z.string(),
    projectId: z.string(),
    investorIds: z.optional(z.set(z.string())),
    updatedAt: isoDate,
  }),
  (v) => passListKey(v.userId, v.projectId),
);

/** The index partition of the deliveries of paid carts not yet delivered (sparse, by payment time). */
const DELIVERIES_OPEN = 'DELIVERIES_OPEN';

/** The deliveries of carts paid before an instant and not yet delivered, oldest payment first (`gsi1`). */
export const openDeliveriesPaidBefore = accessPattern(
  {
    index: 'gsi1',
    params: ['paidBefore'],
    description:
      'The paid carts not yet delivered, paid before an instant, oldest first (the watch of paid carts)',
  },
  (paidBefore: string) => ({ partition: DELIVERIES_OPEN, sortBefore: paidBefore }),
);

/**
 * What export delivery has done for a purchased cart: each step is recorded so a retry skips it.
 * Created when the cart is paid (in the payment's transaction) and listed in `gsi1` (`DELIVERIES_OPEN`,
 * by payment time) until delivered, for the watch of paid carts (issue 30). What the cart delivers is
 * fixed by its first CSV build: the file, its rows and the investors it could not deliver.
 */
export const cartDeliveryModel = defineModel(
  'cartDelivery',
  z.object({
    cartId: z.string(),
    /** When the cart was paid (null on deliveries of carts paid before issue 30). */
    purchasedAt: z._default(z.nullable(isoDate), null),
    /** When a delivery execution was last started (the first, or an admin's Redeliver). */
    startedAt: z._default(z.nullable(isoDate), null),
    /** The CSV delivered, fixed by the first build (its key names the build). */
    csvKey: z.nullable(z.string()),
    /** The rows of that CSV with what the library keeps of each (JSON beside it). */
    rowsKey: z._default(z.nullable(z.string()), null),
    /** When the first build fixed what the cart delivers. */
    builtAt: z._default(z.nullable(isoDate), null),
    /** The cart's investors the first build could not deliver, each credited once. */
    undeliveredInvestorIds: z._default(z.array(z.string()), []),
    rowCount: z.int(),
    recipient: z.nullable(z.string()),
    emailSentAt: z.nullable(isoDate),
    libraryAddedAt: z.nullable(isoDate),
    deliveredAt: z.nullable(isoDate),
    /** Set when a step failed after its retries (an admin redelivers); cleared by a redelivery. */
    failedAt: z._default(z.nullable(isoDate), null),
    failureReason: z._default(z.nullable(z.string()), null),
    /**
     * How many of the cart's contacts the CSV could not hold (their investor no longer in the
     * directory): the buyer got one credit for each (CREDIT#GRANT#CART#<cartId>#<investorId>).
     */
    undeliveredCredited: z._default(z.int(), 0),
  }),
  (v) => ({
    ...cartDeliveryKey(v.cartId),
    ...(v.deliveredAt === null && v.purchasedAt
      ? { gsi1pk: DELIVERIES_OPEN, gsi1sk: `${v.purchasedAt}#${v.cartId}` }
      : {}),
  }),
);
export type CartDelivery = z.infer<typeof cartDeliveryModel.schema>;

/** The board by votes: most votes first, then newest (a descending Query of `gsi2`). */
export const podcastVotesSortKey = (voteCount: number, createdAt: string, id: string) =>
  `${padNumber(voteCount, 10)}#${createdAt}#${id}`;

const podcastPartition = (id: string) => `PODCAST#${id}`;
const PODCASTS = 'PODCASTS';
const PODCASTS_HIDDEN = 'PODCASTS_HIDDEN';
const PODCASTS_BY_VOTES = 'PODCASTS_BY_VOTES';
export const podcastKey = (id: string): TableKey => ({ pk: podcastPartition(id), sk: 'PODCAST' });

/**
 * A podcast. `voteCount` is stored (kept exact by the vote's transaction); a visible podcast is on
 * the board's two indexes (newest: `gsi1`, by votes: `gsi2`), a hidden one only in the admins' list.
 */
export const podcastModel = defineModel(
  'podcast',
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.nullable(z.string()),
    imageUrl: z.nullable(z.string()),
    url: z.string(),
    participants: z.array(z.string()),
    createdAt: isoDate,
    listedBy: z.string(),
    voteCount: z._default(z.int().check(z.nonnegative()), 0),
    /** Set while an admin has hidden the podcast from the board. */
    hiddenAt: z._default(z.nullable(isoDate), null),
  }),
  (v) => ({
    ...podcastKey(v.id),
    gsi1pk: v.hiddenAt ? PODCASTS_HIDDEN : PODCASTS,
    gsi1sk: `${v.createdAt}#${v.id}`,
    ...(v.hiddenAt
      ? {}
      : { gsi2pk: PODCASTS_BY_VOTES, gsi2sk: podcastVotesSortKey(v.voteCount, v.createdAt, v.id) }),
  }),
);
export type PodcastItem = z.infer<typeof podcastModel.schema>;

/** The visible board, by votes (`gsi2`; read most votes first). */
export const podcastsByVotes = accessPattern(
  { index: 'gsi2', params: [], description: 'The board by votes (most first, then newest)' },
  () => ({ partition: PODCASTS_BY_VOTES }),
);

/** The visible board, by listing (`gsi1`; read newest first). */
export const podcastsByListing = accessPattern(
  { index: 'gsi1', params: [], description: 'The board by listing (newest first)' },
  () => ({ partition: PODCASTS }),
);

/** The hidden podcasts, by listing (`gsi1`; the admins' list). */
export const hiddenPodcasts = accessPattern(
  { index: 'gsi1', params: [], description: "The hidden podcasts (the admins' list)" },
  () => ({ partition: PODCASTS_HIDDEN }),
);

/** The podcasts a user has listed (at most {@link MAX_PODCASTS_PER_FOUNDER}): the limit's guard. */
export const podcastListerModel = defineModel(
  'podcastLister',
  z.object({ userId: z.string(), podcastIds: z.array(z.string()) }),
  (v) => ({ pk: `LISTER#${v.userId}`, sk: 'PODCASTS' }),
);

const VOTE_PREFIX = 'VOTE#';
const voterPartition = (userId: string) => `VOTER#${userId}`;
export const podcastVoteKey = (podcastId: string, userId: string): TableKey => ({
  pk: podcastPartition(podcastId),
  sk: `${VOTE_PREFIX}${userId}`,
});

/** One item per voter: concurrent votes never overwrite each other. */
export const podcastVoteModel = defineModel(
  'podcastVote',
  z.object({ podcastId: z.string(), userId: z.string(), vote: z.literal(1), timestamp: isoDate }),
  // By voter too: "my votes" is one Query, whatever the size of the board.
  (v) => ({
    ...podcastVoteKey(v.podcastId, v.userId),
    gsi1pk: voterPartition(v.userId),
    gsi1sk: `${v.timestamp}#${v.podcastId}`,
  }),
);

/** The votes of one podcast (one Query of its partition: counting, deleting). */
export const votesOfPodcast = accessPattern(
  {
    index: 'table',
    params: ['podcastId'],
    description: 'The votes of one podcast (counting them, deleting the podcast)',
  },
  (podcastId: string) => ({ partition: podcastPartition(podcastId), sortPrefix: VOTE_PREFIX }),
);

/** A user's votes, by time (`gsi1`). */
export const votesOfVoter = accessPattern(
  { index: 'gsi1', params: ['userId'], description: "A user's votes (my votes)" },
  (userId: string) => ({ partition: voterPartition(userId) }),
);

const importPartition = (id: string) => `IMPORT#${id}`;
const IMPORTS = 'IMPORTS';
export const importJobKey = (id: string): TableKey => ({ pk: importPartition(id), sk: 'JOB' });

export const importJobModel = defineModel(
  'importJob',
  z.object({
    id: z.string(),
    status: z.enum(IMPORT_JOB_STATUSES),
    objectKey: z.string(),
    sourceName: z.string(),
    sourceUrl: z.string(),
    /** The header row as the admin left it: each column's (possibly edited) name and include flag. */
    headers: z.array(z.object({ header: z.string(), include: z.boolean() })),
    fileName: z.string(),
    /**
     * The size the admin declared; the upload URL is signed for exactly this many bytes. Absent on
     * jobs created before sizes were declared.
     */
    fileSize: z.optional(z.int()),
    /** Byte offset in the file after the last imported row: a resumed chunk continues from here. */
    byteOffset: z.int(),
    startedAt: isoDate,
    startedByUserId: z.string(),
    totalRows: z.nullable(z.int()),
    processedRows: z.int(),
    importedRows: z.int(),
    /** A cancelled job's staged rows, counted once it has stopped (absent before this was recorded). */
    writtenRows: z._default(z.nullable(z.int()), null),
    rowsStartedAt: z._default(z.nullable(isoDate), null),
    progressAt: z._default(z.nullable(isoDate), null),
    rowErrors: z.array(z.object({ row: z.int(), reason: z.string() })),
    /** Values kept aside instead of their field (an invalid email...): the count, and the first 200. */
    droppedValues: z._default(z.int(), 0),
    valueNotices: z._default(z.array(valueNoticeSchema), []),
    /** What publishing did with the rows: set from the outcome pages when the job completes. */
    outcomes: z._default(z.nullable(importOutcomesSchema), null),
    failureReason: z.nullable(z.string()),
    executionArn: z.nullable(z.string()),
    finishedAt: z.nullable(isoDate),
  }),
  (v) => ({ ...importJobKey(v.id), gsi1pk: IMPORTS, gsi1sk: `${v.startedAt}#${v.id}` }),
);
export type ImportJob = z.infer<typeof importJobModel.schema>;

/** The import jobs, by start (`gsi1`; read newest first). */
export const importJobs = accessPattern(
  { index: 'gsi1', params: [], description: 'The import jobs (newest first)' },
  () => ({ partition: IMPORTS }),
);

/**
 * What the mapping did with one page of an import's rows, written before the page is published:
 * each row's outcome by row number (a retried page writes the same item again; pages that overlap
 * after a half-written retry are deduplicated by row when the job completes) and the rows merged.
 */
const OUTCOMES_PREFIX = 'OUTCOMES#';
export const importOutcomePageModel = defineModel(
  'importOutcomePage',
  z.object({
    jobId: z.string(),
    firstRow: z.int(),
    /** Row number → 'added' | 'merged' | 'withdrawn'. */
    rows: z.record(z.string(), z.enum(['added', 'merged', 'withdrawn'])),
    merged: z.array(mergedRowSchema),
  }),
  (v) => ({ pk: importPartition(v.jobId), sk: `${OUTCOMES_PREFIX}${padNumber(v.firstRow, 10)}` }),
);

/** What publishing did with an import's rows, page by page (one Query of the job's partition). */
export const importOutcomePagesOf = accessPattern(
  {
    index: 'table',
    params: ['jobId'],
    description: "What publishing did with an import's rows (its summary)",
  },
  (jobId: string) => ({ partition: importPartition(jobId), sortPrefix: OUTCOMES_PREFIX }),
);
export type ImportOutcomePage = z.infer<typeof importOutcomePageModel.schema>;

/**
 * A payment that could not be matched to a cart it pays for (no or an unknown cart reference, or a
 * second payment for a purchased cart): kept for an admin to refund or deliver by hand.
 */
const UNMATCHED_PAYMENTS = 'UNMATCHED_PAYMENTS';
export const unmatchedPaymentModel = defineModel(
  'unmatchedPayment',
  // The item is what the admin carts page shows (shared/api/admin.ts).
  unmatchedPaymentSchema,
  (v) => ({
    pk: `PAYMENT#${v.checkoutSessionId}`,
    sk: 'UNMATCHED',
    gsi1pk: UNMATCHED_PAYMENTS,
    gsi1sk: `${v.receivedAt}#${v.checkoutSessionId}`,
  }),
);

/** The payments no cart could take, by arrival (`gsi1`; read newest first). */
export const unmatchedPayments = accessPattern(
  { index: 'gsi1', params: [], description: 'The payments no cart could take (newest first)' },
  () => ({ partition: UNMATCHED_PAYMENTS }),
);
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentModel.schema>;

const PORTALS = 'PORTALS';
export const portalKey = (urlIdentifier: string): TableKey => ({
  pk: `PORTAL#${urlIdentifier}`,
  sk: 'PORTAL',
});

/** A partner firm's branded onboarding page, chosen by the first label of the host name. */
export const investorPortalModel = defineModel(
  'investorPortal',
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    urlIdentifier: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    createdBy: z.string(),
    firm: z.object({ name: z.string(), website: z.string() }),
    fontFamily: z.nullable(z.string()),
  }),
  (v) => ({ ...portalKey(v.urlIdentifier), gsi1pk: PORTALS, gsi1sk: v.urlIdentifier }),
);

/** Every portal, by subdomain (`gsi1`). */
export const portals = accessPattern(
  { index: 'gsi1', params: [], description: 'The portals (a handful)' },
  () => ({ partition: PORTALS }),
);
export type InvestorPortal = z.infer<typeof investorPortalModel.schema>;

/**
 * An investor account (issue 21): the user joined a partner portal and is an investor, never a
 * founder. Written before the user is added to the Cognito group `investor`, and read by every
 * founder route, so a token issued before the join cannot use founder features either.
 */
export const investorMemberKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR',
});
export const investorMemberModel = defineModel(
  'investorMember',
  z.object({
    userId: z.string(),
    /** The account's email when it joined. */
    email: z.string(),
    /** The portal joined: its subdomain (fixed once created). */
    portalId: z.string(),
    joinedAt: isoDate,
  }),
  (v) => investorMemberKey(v.userId),
);
export type InvestorMember = z.infer<typeof investorMemberModel.schema>;

/** The admins' review queue (issue 21, second part): submitted profiles, oldest first. */
const INVESTOR_SUBMISSIONS = 'INVESTOR_SUBMISSIONS';

/** The admins' review queue: submitted profiles and approvals under way, by submission (`gsi1`). */
export const submittedInvestorProfiles = accessPattern(
  { index: 'gsi1', params: [], description: "Investors' submitted profiles awaiting review (oldest first)" },
  () => ({ partition: INVESTOR_SUBMISSIONS }),
);

export const investorProfileKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR_PROFILE',
});

/**
 * The profile an investor keeps of themselves: a draft, then submitted for review. Only while
 * submitted (or being approved) is it in the review queue (`gsi1`, sparse).
 */
export const investorProfileModel = defineModel(
  'investorProfile',
  z.object({
    ...investorProfileFieldsSchema.shape,
    userId: z.string(),
    /** The account's email: where the review's answer goes. */
    accountEmail: z.string(),
    portalId: z.string(),
    status: z.enum(INVESTOR_PROFILE_STATUSES),
    createdAt: isoDate,
    updatedAt: isoDate,
    submittedAt: z.nullable(isoDate),
    /** The last review's decision (absent on profiles saved before reviews). */
    review: z.optional(z.nullable(profileReviewSchema)),
    /**
     * While an approval is under way (`approving`): its claim, a lease (issue 30). A failed approval
     * gives it back (`submitted`); one older than 5 minutes has lapsed and may be taken over.
     */
    claim: z.optional(z.nullable(z.object({ id: z.string(), by: z.string(), at: isoDate }))),
  }),
  (v) => ({
    ...investorProfileKey(v.userId),
    // In the queue while waiting and while an approval is under way (shown as such).
    ...((v.status === 'submitted' || v.status === 'approving') && v.submittedAt
      ? { gsi1pk: INVESTOR_SUBMISSIONS, gsi1sk: `${v.submittedAt}#${v.userId}` }
      : {}),
  }),
);
export type InvestorProfileItem = z.infer<typeof investorProfileModel.schema>;

/** Listings due a reminder to confirm (issue 21): sparse, by due time. */
const REMINDERS_DUE = 'REMINDERS_DUE';

/** The listings whose reminder is due by an instant (`gsi2`, by due time). */
export const remindersDueBy = accessPattern(
  {
    index: 'gsi2',
    params: ['now'],
    description: 'The listings due a reminder to confirm, by due time (the daily reminders)',
  },
  (now: string) => ({ partition: REMINDERS_DUE, sortAtMost: `${now}#\uffff` }),
);

export const investorListingKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR_LISTING',
});

/**
 * An investor's listing in the directory (issue 21): the profile as approved (narrowed since by the
 * investor's withdrawals), the searchable investor it became, the self-submitted imported record,
 * when the investor last confirmed it, and every withdrawal. In `gsi2` (`REMINDERS_DUE`, by due time)
 * while listed and not yet reminded for its last confirmation.
 */
export const investorListingModel = defineModel(
  'investorListing',
  z.object({
    userId: z.string(),
    portalId: z.string(),
    investorId: z.string(),
    importedInvestorId: z.string(),
    /** The email the listing was mapped by (fixed at the first approval: the entry's identity). */
    identityEmail: z.string(),
    fields: investorProfileFieldsSchema,
    approvedAt: isoDate,
    approvedBy: z.string(),
    /** When the investor (or an approval of what they said) last confirmed the listing. */
    confirmedAt: isoDate,
    withdrawnAt: z.nullable(isoDate),
    withdrawals: z.array(withdrawalSchema),
    /** The `confirmedAt` the last reminder was sent for: at most one reminder per confirmation. */
    reminderFor: z.nullable(isoDate),
    reminderSentAt: z.nullable(isoDate),
    /** How the first approval chose the entry, by whom and when (issue 30; null on older listings). */
    entryDecision: z._default(z.nullable(entryDecisionSchema), null),
    /** Counts the writes: every write is conditional on the version it read. */
    version: z.int(),
  }),
  (v) => ({
    ...investorListingKey(v.userId),
    ...(v.withdrawnAt === null && v.reminderFor !== v.confirmedAt
      ? { gsi2pk: REMINDERS_DUE, gsi2sk: `${reminderDueAt(v.confirmedAt)}#${v.userId}` }
      : {}),
  }),
);
export type InvestorListing = z.infer<typeof investorListingModel.schema>;

/** Every withdrawal, newest event first (`gsi1`): the admins' view of withdrawals (issue 30). */
const WITHDRAWALS = 'WITHDRAWALS';

/** Every withdrawn entry, by its latest event (`gsi1`; read newest first). */
export const withdrawals = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: "Every withdrawn entry, latest event first (the admins' withdrawals)",
  },
  () => ({ partition: WITHDRAWALS }),
);

export const withdrawnInvestorKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'WITHDRAWN',
});
export const entryHolderKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'HOLDER',
});

/**
 * A searchable investor withdrawn from the directory, by its investor on a portal (issue 21) or by
 * the person listed through "This is me" (issue 30): mapping never writes it again while
 * `withdrawnAt` is set, so no import brings the entry back. Kept when an admin restores it (then
 * `withdrawnAt` is null), with the entry as it was and every withdrawal and restore.
 */
export const withdrawnInvestorModel = defineModel('withdrawnInvestor', withdrawalMarkSchema, (v) => ({
  ...withdrawnInvestorKey(v.investorId),
  gsi1pk: WITHDRAWALS,
  gsi1sk: `${lastWithdrawalEventAt(v)}#${v.investorId}`,
}));
export type { WithdrawalMark };

/** When the mark last changed: its newest event (a mark of before histories: its withdrawal). */
const lastWithdrawalEventAt = (v: WithdrawalMark) => v.history.at(-1)?.at ?? v.withdrawnAt ?? '';

/**
 * Which investor account's listing holds a directory entry (issue 30): one account per entry. Written
 * before an approval writes the entry, conditional on no other account holding it.
 */
export const entryHolderModel = defineModel(
  'entryHolder',
  z.object({ investorId: z.string(), userId: z.string(), at: isoDate }),
  (v) => entryHolderKey(v.investorId),
);
export type EntryHolder = z.infer<typeof entryHolderModel.schema>;

/**
 * A listed person's own request (issue 30, "This is me"): what they want for which investor, and the
 * code sent to the email the directory holds, hashed (scrypt, with its salt). Single use, a few
 * attempts, valid 30 minutes; the item itself expires (TTL) 30 days after it was made.
 */
export const dataRequestKey = (id: string): TableKey => ({ pk: `DATA_REQUEST#${id}`, sk: 'REQUEST' });
export const dataRequestModel = defineModel(
  'dataRequest',
  z.object({
    id: z.string(),
    investorId: z.string(),
    investorName: z.string(),
    action: z.enum(DATA_REQUEST_ACTIONS),
    details: z.nullable(z.string()),
    codeHash: z.string(),
    codeSalt: z.string(),
    codeExpiresAt: isoDate,
    attempts: z.int().check(z.nonnegative()),
    status: z.enum(DATA_REQUEST_STATUSES),
    createdAt: isoDate,
    usedAt: z.nullable(isoDate),
  }),
  (v) => dataRequestKey(v.id),
);

/** One fixed-window counter of a rate limit (`RATE#<scope>#<key>` / `WINDOW#<start>`, gone by TTL). */
export const rateWindowKey = (scope: string, key: string, windowStart: string): TableKey => ({
  pk: `RATE#${scope}#${key}`,
  sk: `WINDOW#${windowStart}`,
});
export type DataRequestItem = z.infer<typeof dataRequestModel.schema>;

/** Open correction requests, oldest first (`gsi1`, sparse). */
const CORRECTIONS_OPEN = 'CORRECTIONS_OPEN';

/** The open correction requests, by creation (`gsi1`). */
export const openCorrections = accessPattern(
  { index: 'gsi1', params: [], description: 'The open correction requests (oldest first)' },
  () => ({ partition: CORRECTIONS_OPEN }),
);

export const correctionRequestKey = (id: string): TableKey => ({ pk: `CORRECTION#${id}`, sk: 'CORRECTION' });

/** A correction asked for by the person listed, code checked (issue 30): admins work them. */
export const correctionRequestModel = defineModel('correctionRequest', correctionRequestSchema, (v) => ({
  ...correctionRequestKey(v.id),
  ...(v.status === 'open' ? { gsi1pk: CORRECTIONS_OPEN, gsi1sk: `${v.createdAt}#${v.id}` } : {}),
}));
export type CorrectionRequestItem = z.infer<typeof correctionRequestModel.schema>;
export { CORRECTION_STATUSES };

/** A field merger's decision for one value, applied again by every mapping (shared/curation/rules.ts). */
export const curationRuleModel = defineModel('curationRule', curationRuleSchema, (v) => ({
  pk: `CURATION#${v.field}`,
  sk: `${RULE_PREFIX}${keyFragment(v.value, 1000)}`,
}));
const RULE_PREFIX = 'RULE#';

/** Every rule of one field, by value (one Query of the field's partition). */
export const curationRulesOf = accessPattern(
  {
    index: 'table',
    params: ['field'],
    description: "The field merger's rules of one field (read by every mapping batch)",
  },
  (field: string) => ({ partition: `CURATION#${field}`, sortPrefix: RULE_PREFIX }),
);

export const curationJobKey = (id: string): TableKey => ({ pk: `CURATION_JOB#${id}`, sk: 'JOB' });

/** A field-merger run, with where its batches are (the value and the postings cursor). */
export const curationJobModel = defineModel(
  'curationJob',
  z.object({
    ...curationJobSchema.shape,
    valueIndex: z.int(),
    cursor: z.nullable(z.string()),
    startedByUserId: z.string(),
  }),
  (v) => curationJobKey(v.id),
);
export type CurationJobItem = z.infer<typeof curationJobModel.schema>;

const TAXONOMY = 'TAXONOMY';
const EDIT_PREFIX = 'EDIT#';
const UNMAPPED_PREFIX = 'UNMAPPED#';

/** An admin's edit of the taxonomy (shared/taxonomy/taxonomy.ts): synonyms added, a sector added. */
export const taxonomyEditModel = defineModel('taxonomyEdit', taxonomyEditSchema, (v) => ({
  pk: TAXONOMY,
  sk: `${EDIT_PREFIX}${v.kind}#${keyFragment(v.value, 900)}`,
}));

/** Every admin edit of the taxonomy (read by every mapping batch and the forms' list: a few hundred). */
export const taxonomyEdits = accessPattern(
  { index: 'table', params: [], description: "The admins' edits of the taxonomy (synonyms, added sectors)" },
  () => ({ partition: TAXONOMY, sortPrefix: EDIT_PREFIX }),
);

/** A value the taxonomy does not know, as first written; the queue's counts come from its postings. */
export const unmappedValueModel = defineModel(
  'unmappedValue',
  z.object({ kind: unmappedKindSchema, key: z.string(), value: z.string(), firstSeenAt: isoDate }),
  (v) => ({ pk: TAXONOMY, sk: `${UNMAPPED_PREFIX}${v.kind}#${keyFragment(v.key, 900)}` }),
);

/** The unmapped values of one kind, by folded value (the admins' queue). */
export const unmappedValuesOf = accessPattern(
  {
    index: 'table',
    params: ['kind'],
    description: 'The values of one kind the taxonomy does not know (the queue)',
  },
  (kind: UnmappedKind) => ({ partition: TAXONOMY, sortPrefix: `${UNMAPPED_PREFIX}${kind}#` }),
);

const unmappedValuePartition = (kind: UnmappedKind, key: string) =>
  `UNMAPPED_VALUE#${kind}#${keyFragment(key, 1000)}`;

/** One investor carrying an unmapped value (its raw value stays on the imported record). */
export const unmappedPostingModel = defineModel(
  'unmappedPosting',
  z.object({ kind: unmappedKindSchema, key: z.string(), investorId: z.string(), name: z.string() }),
  (v) => ({ pk: unmappedValuePartition(v.kind, v.key), sk: `INV#${v.investorId}` }),
);

/** The investors carrying one unmapped value (the queue's count and examples; the re-map's pages). */
export const investorsWithUnmappedValue = accessPattern(
  { index: 'table', params: ['kind', 'key'], description: 'The investors carrying one unmapped value' },
  (kind: UnmappedKind, key: string) => ({ partition: unmappedValuePartition(kind, key), sortPrefix: 'INV#' }),
);

export const taxonomyJobKey = (id: string): TableKey => ({ pk: `TAXONOMY_JOB#${id}`, sk: 'JOB' });

/** A re-map run, with where its pages are (a scan cursor in `all` mode). */
export const taxonomyJobModel = defineModel(
  'taxonomyJob',
  z.object({ ...taxonomyJobSchema.shape, cursor: z.nullable(z.string()), startedByUserId: z.string() }),
  (v) => taxonomyJobKey(v.id),
);
export type TaxonomyJobItem = z.infer<typeof taxonomyJobModel.schema>;

export const ADMIN_FUNCTIONS = ['processUnmapped', 'processAll', 'aggregate'] as const;
export type AdminFunction = (typeof ADMIN_FUNCTIONS)[number];

/**
 * The run lock: 'mapping' is held by whatever writes searchable investors in bulk or counts them
 * (process unmapped, process all, an import publishing its rows, a field-merger run, the recount), so
 * none of them runs beside another and a recount never counts around a write.
 */
export const RUN_LOCKS = ['mapping'] as const;
export type RunLock = (typeof RUN_LOCKS)[number];
export const lockOfFunction = (_name: AdminFunction): RunLock => 'mapping';

/**
 * A run lock: held by one owner (a random token of the run that took it, or an import job's id),
 * renewed by every batch of that run, released only by it; a lock whose run died expires.
 */
export const functionRunKey = (name: RunLock): TableKey => ({ pk: `RUNNER#${name}`, sk: 'LOCK' });
export const functionRunModel = defineModel(
  'functionRun',
  z.object({
    name: z.enum(RUN_LOCKS),
    owner: z.string(),
    executionArn: z.nullable(z.string()),
    startedAt: isoDate,
    startedByUserId: z.string(),
  }),
  (v) => functionRunKey(v.name),
);

/**
 * A Stripe Connect OAuth `state` (random, single use, expiring): the project and the founder it was
 * made for, checked when Stripe's code comes back, so a forged redirect cannot attach an account.
 */
export const connectStateModel = defineModel(
  'connectState',
  z.object({ state: z.string(), projectId: z.string(), userId: z.string(), createdAt: isoDate }),
  (v) => ({ pk: `CONNECT_STATE#${v.state}`, sk: 'STATE' }),
);

export { investorRoleSchema };

const REPORTS_OPEN = 'REPORTS_OPEN';
const reporterPartition = (userId: string) => `REPORTER#${userId}`;
export const reportKey = (id: string): TableKey => ({ pk: `REPORT#${id}`, sk: 'REPORT' });

/**
 * A founder's report of wrong data (issue 20). Listed in `gsi1` (`REPORTS_OPEN`, oldest first) until
 * resolved (open, or claimed by an admin's resolution under way); every report of a founder in `gsi2` (`REPORTER#<userId>`), for the bounce credits.
 */
export const investorReportModel = defineModel('investorReport', adminReportSchema, (v) => ({
  ...reportKey(v.id),
  ...(v.status !== 'resolved' ? { gsi1pk: REPORTS_OPEN, gsi1sk: `${v.createdAt}#${v.id}` } : {}),
  gsi2pk: reporterPartition(v.reporterUserId),
  gsi2sk: `${v.createdAt}#${v.id}`,
}));

/** The open reports (open, or claimed by a resolution under way), by creation (`gsi1`). */
export const openReports = accessPattern(
  { index: 'gsi1', params: [], description: "The open reports, oldest first (the admins' queue)" },
  () => ({ partition: REPORTS_OPEN }),
);

/** Every report of one founder, by creation (`gsi2`). */
export const reportsOfReporter = accessPattern(
  { index: 'gsi2', params: ['userId'], description: "A founder's reports (the bounce credits)" },
  (userId: string) => ({ partition: reporterPartition(userId) }),
);
export type InvestorReport = z.infer<typeof adminReportSchema>;

/**
 * The reports a founder has open (ids), kept by the transactions that file one (refused past
 * MAX_OPEN_REPORTS_PER_FOUNDER) and resolve one: the guard of the per-founder limit.
 */
export const openReportsModel = defineModel(
  'openReports',
  z.object({ userId: z.string(), reportIds: z.array(z.string()) }),
  (v) => ({ pk: userPartition(v.userId), sk: 'REPORTS_OPEN' }),
);

/** One founder's open report of one investor: the guard of "one open report per investor". */
export const openReportGuardModel = defineModel(
  'openReportGuard',
  z.object({ userId: z.string(), investorId: z.string(), reportId: z.string() }),
  (v) => ({ pk: userPartition(v.userId), sk: `OPENREPORT#${v.investorId}` }),
);

/**
 * A founder's bounce credits (issue 20): the balance, kept exact by the transactions that grant one
 * (with a report's resolution) and spend one (with the redemption and its cart).
 */
export const creditBalanceModel = defineModel(
  'creditBalance',
  z.object({
    userId: z.string(),
    balance: z.int().check(z.nonnegative()),
    granted: z.int().check(z.nonnegative()),
    redeemed: z.int().check(z.nonnegative()),
  }),
  (v) => ({ pk: userPartition(v.userId), sk: 'CREDITS' }),
);
export type CreditBalance = z.infer<typeof creditBalanceModel.schema>;

/**
 * One line of a founder's credit history. Keyed by what makes it happen once: a grant by its report
 * (`CREDIT#GRANT#<reportId>`), a redemption by its investor (`CREDIT#REDEEM#<investorId>`: an
 * investor already in the library cannot be redeemed again), a contact a paid cart could not deliver
 * by its cart and investor (`CREDIT#GRANT#CART#<cartId>#<investorId>`).
 */
export const creditEntryModel = defineModel(
  'creditEntry',
  z.object({
    userId: z.string(),
    kind: z.enum(CREDIT_KINDS),
    at: isoDate,
    investorId: z.string(),
    investorName: z.string(),
    reportId: z.nullable(z.string()),
    cartId: z.nullable(z.string()),
  }),
  (v) => ({
    pk: userPartition(v.userId),
    sk:
      v.kind === 'granted'
        ? `CREDIT#GRANT#${v.reportId ?? ''}`
        : v.kind === 'undelivered'
          ? `CREDIT#GRANT#CART#${v.cartId ?? ''}#${v.investorId}`
          : `CREDIT#REDEEM#${v.investorId}`,
  }),
);
export type CreditEntry = z.infer<typeof creditEntryModel.schema>;

/** A founder's credit history: grants and redemptions (one Query of their partition). */
export const creditEntriesOf = accessPattern(
  { index: 'table', params: ['userId'], description: "A founder's credit history" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'CREDIT#' }),
);

/**
 * A bounce credit granted for one purchase of one contact kind of one investor (issue 30): written,
 * conditional on its absence, in the transaction of the grant, so a second report of the same
 * bounced value (however it is resolved) grants nothing more.
 */
export const bounceCreditGuardModel = defineModel(
  'bounceCreditGuard',
  z.object({
    userId: z.string(),
    /** The cart whose purchase gave the reporter the value that bounced. */
    cartId: z.string(),
    investorId: z.string(),
    kind: z.enum(CONTACT_KINDS),
    /** The report whose resolution granted it. */
    reportId: z.string(),
  }),
  (v) => ({ pk: userPartition(v.userId), sk: `BOUNCE_CREDIT#${v.cartId}#${v.investorId}#${v.kind}` }),
);
export type BounceCreditGuard = z.infer<typeof bounceCreditGuardModel.schema>;

/** The founders who keep a pipeline (issue 36): the daily next-step reminders page over them. */
export const PIPELINE_REMINDERS = 'PIPELINE_REMINDERS';

/**
 * One investor in a project's fundraising pipeline (issue 36), under its project so that the board
 * is one Query (`PROJECT#<id>`, `begins_with(sk, 'PIPELINE#')`; at most MAX_PIPELINE_ENTRIES). The id
 * names what it tracks (`inv-<investorId>`, `prv-<contactId>`): adding the same investor twice meets
 * the same item. `version` is raised by every change, each conditional on the version it read.
 */
export const pipelineEntryModel = defineModel(
  'pipelineEntry',
  z.object({
    projectId: z.string(),
    id: z.string(),
    kind: z.enum(['directory', 'private']),
    investorId: z.nullable(z.string()),
    contactId: z.nullable(z.string()),
    /** The directory's public name and firm when added (or the private contact's). */
    name: z.string(),
    firm: z.nullable(z.string()),
    title: z._default(z.nullable(z.string()), null),
    stage: z.enum(PIPELINE_STAGES),
    passReason: z.nullable(z.enum(PASS_REASONS)),
    passNote: z.nullable(z.string()),
    notes: z.string(),
    amount: z.nullable(z.number()),
    nextStep: z.nullable(z.string()),
    nextStepDate: z.nullable(z.string()),
    version: z.int(),
    createdAt: isoDate,
    updatedAt: isoDate,
    stageChangedAt: isoDate,
  }),
  (v) => pipelineEntryKey(v.projectId, v.id),
);
export type PipelineEntryItem = z.infer<typeof pipelineEntryModel.schema>;

/** The sort-key prefix of one entry's moves (beside the entries, not under `PIPELINE#`: the board does not read them). */
export const stageMovePrefix = (entryId: string) => `PIPEMOVE#${entryId}#`;

/** The sort-key prefix of a project's pipeline entries. */
export const PIPELINE_ENTRY_PREFIX = 'PIPELINE#';
export const pipelineEntryKey = (projectId: string, entryId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${PIPELINE_ENTRY_PREFIX}${entryId}`,
});

/** A project's pipeline: the whole board in one Query (at most MAX_PIPELINE_ENTRIES items). */
export const pipelineEntriesOf = accessPattern(
  {
    index: 'table',
    params: ['projectId'],
    description: "A project's fundraising pipeline (the board, one Query)",
  },
  (projectId: string) => ({ partition: projectPartition(projectId), sortPrefix: PIPELINE_ENTRY_PREFIX }),
);

/** One pipeline entry's moves, oldest first (its history). */
export const movesOfEntry = accessPattern(
  {
    index: 'table',
    params: ['projectId', 'entryId'],
    description: "One pipeline entry's history of moves, oldest first",
  },
  (projectId: string, entryId: string) => ({
    partition: projectPartition(projectId),
    sortPrefix: stageMovePrefix(entryId),
  }),
);

/** The founders who keep a pipeline (`gsi1`): the daily reminders page over them. */
export const pipelineReminders = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: 'The founders who keep a pipeline (the daily next-step reminders page over it)',
  },
  () => ({ partition: PIPELINE_REMINDERS }),
);

/** One move of an entry between stages (its history): who, when, from, to. Written with the move. */
export const stageMoveModel = defineModel(
  'pipelineMove',
  z.object({
    projectId: z.string(),
    entryId: z.string(),
    at: isoDate,
    /** The version the move made: unique per entry, so two moves never share a key. */
    version: z.int(),
    byUserId: z.string(),
    from: z.nullable(z.enum(PIPELINE_STAGES)),
    to: z.enum(PIPELINE_STAGES),
    passReason: z.nullable(z.enum(PASS_REASONS)),
  }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: `${stageMovePrefix(v.entryId)}${padNumber(v.version, 8)}`,
  }),
);
export type StageMoveItem = z.infer<typeof stageMoveModel.schema>;

/** The key of a founder's private contact. */
export const privateContactKey = (userId: string, contactId: string): TableKey => ({
  pk: userPartition(userId),
  sk: `PCONTACT#${contactId}`,
});

/** The key of a founder's daily reminder state. */
export const pipelineReminderKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'PIPELINE_REMINDER',
});

/**
 * A founder's private contact (issue 36): an investor they know who is not (or not matched) in the
 * directory. Under the founder, read only by their own key: never in the directory, the search
 * snapshot, an export cart or anyone else's answer, and never written to a contact sheet.
 */
export const privateContactModel = defineModel(
  'privateContact',
  z.object({
    userId: z.string(),
    id: z.string(),
    name: z.string(),
    firm: z.nullable(z.string()),
    title: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    linkedinUrl: z.nullable(z.string()),
    notes: z.string(),
    createdAt: isoDate,
  }),
  (v) => privateContactKey(v.userId, v.id),
);
export type PrivateContactItem = z.infer<typeof privateContactModel.schema>;

/**
 * A founder's daily next-step reminder (issue 36), created with their first pipeline entry: the
 * index the daily job pages over (`gsi1` `PIPELINE_REMINDERS`), and the day last claimed (UTC
 * `YYYY-MM-DD`; `previousSentDay` the one before, which a refused send gives back).
 */
export const pipelineReminderModel = defineModel(
  'pipelineReminder',
  z.object({
    userId: z.string(),
    createdAt: isoDate,
    lastSentDay: z._default(z.nullable(z.string()), null),
    previousSentDay: z._default(z.nullable(z.string()), null),
  }),
  (v) => ({
    pk: userPartition(v.userId),
    sk: 'PIPELINE_REMINDER',
    gsi1pk: PIPELINE_REMINDERS,
    gsi1sk: v.userId,
  }),
);
export type PipelineReminder = z.infer<typeof pipelineReminderModel.schema>;

/**
 * Every named access pattern of the table and its indexes: each Query a repository makes is one of
 * these. `docs/data-model.md`'s access-pattern table is generated from it (`npm run docs:data-model`)
 * and a test checks that it is current.
 */
export const accessPatterns = {
  purchasedContactsOf,
  savedSearchesOf,
  searchAlertFounders,
  buyersOf,
  creditEntriesOf,
  updateSummaries,
  projectsOfCreator,
  projectItems,
  projectsConnectedTo,
  transactionsOf,
  allCarts,
  cartsOfCreator,
  openDeliveriesPaidBefore,
  unmatchedPayments,
  importedInvestorsWithEmail,
  unmappedImportedInvestors,
  stagedRowsOf,
  postingsOfTag,
  tagCounters,
  directoryMetadataRecords,
  importJobs,
  importOutcomePagesOf,
  curationRulesOf,
  taxonomyEdits,
  unmappedValuesOf,
  investorsWithUnmappedValue,
  podcastsByVotes,
  podcastsByListing,
  hiddenPodcasts,
  votesOfPodcast,
  votesOfVoter,
  portals,
  submittedInvestorProfiles,
  remindersDueBy,
  withdrawals,
  openCorrections,
  openReports,
  reportsOfReporter,
  pipelineEntriesOf,
  movesOfEntry,
  pipelineReminders,
} as const;

/**
 * The partitions of the single table and of its indexes, by their partition-key value: `USER#`
 * stands for every `USER#<sub>` partition, a value without `#` (`DIRECTORY`, `CARTS`) for itself.
 * They are the unit of least privilege: a function's manifest (`lambdas/manifest.ts`) names the
 * partitions it reads and writes, and IAM holds it to them with `dynamodb:LeadingKeys` conditions
 * (the local home does the same: `infra/local/table-guard.ts`). The models (`models.ts`) build every
 * key; a key in no partition listed here is refused to every function.
 */
export const tablePartitions = {
  'USER#':
    "a user's records: profile, private investor contacts, pipeline reminder state, bought contacts, bounce credits and their history, open-report guards, weekly-summary state, investor membership, profile and listing, the old investor ids they held (issue 48)",
  'PROJECT#':
    'a project, its Stripe connection, the transactions ingested from it, its fundraising pipeline (entries and their moves), its deck versions, deck links and their views, and its investor updates (recipients, opt-outs) (issue 53)',
  'CONNECT_STATE#': 'a Stripe Connect OAuth state (single use)',
  'IMPORTED#': 'an imported investor (with contact details)',
  'INVESTOR#': "a searchable investor, its contact and profile sheets and a withdrawn investor's tombstone",
  'IDENTITY#': 'which searchable investor an identity key (email, or name and firm) maps to (not public)',
  'MOVED#': 'an investor id of before issue 48 and the random id the migration moved it to',
  'TAG#': 'the postings and counter of one stage or sector tag',
  DIRECTORY: "the directory's metadata records and running totals",
  'CART#': 'an export cart and its delivery',
  'PODCAST#': 'a podcast and its votes',
  'LISTER#': 'the podcasts one founder listed (the limit of five)',
  'IMPORT#': 'an import job',
  'PAYMENT#': 'a payment no cart could take',
  'PORTAL#': "a partner firm's portal",
  'CURATION#': 'the curation rules of one field',
  'CURATION_JOB#': 'a field-merger job',
  TAXONOMY: "the admins' edits of the taxonomy and the values it does not know (the unmapped queue)",
  'UNMAPPED_VALUE#': 'the investors carrying one value the taxonomy does not know',
  'TAXONOMY_JOB#': 'a re-map run of the taxonomy',
  'RUNNER#': 'a run lock (mapping, publishing, recount)',
  'REPORT#': "a founder's report of wrong data",
  STRIPE_EVENTS: 'the claims on Stripe events (Powertools idempotency)',
  'DATA_REQUEST#': "a listed person's request to hide or correct their entry, waiting for its emailed code",
  'RATE#': 'a fixed-window counter of one rate limit (codes per address; lists per founder)',
  'CORRECTION#': 'a correction asked for by the person listed (code checked), for admins to work',
  'SHORTLIST#': "a founder's saved searches, their weekly alert's state and each project's pass list",
  'NETWORK#': "a founder's own connections (issue 52: warm paths), theirs alone",
  'UNSUBSCRIBE#': 'a one-click unsubscribe token (by its hash): whose bulk email of which kind it turns off',
  'RESPONSE_TIMES#':
    "how fast one investor answers founders (issue 52): the published totals of at least ten founders' pipelines, never who",
  'UNSUBSCRIBE_OF#':
    "a founder's unsubscribe token of each bulk email kind (the link every email of it carries)",
  'DECK_TOKEN#':
    'a deck link token (by its hash): which project, pipeline entry and link it opens (issue 53)',
  'UPDATE_COPY#': "an investor update's web copy link (by its token's hash): which update it shows",
  'UPDATE_RECIPIENT#':
    "an investor update recipient's link (by its token's hash): whose open it records, which address it unsubscribes",
} as const;

/** The partitions of each global secondary index, by its partition-key value (`gsi1pk`, `gsi2pk`). */
export const indexPartitions = {
  gsi1: {
    'USER#': "a founder's projects",
    'STRIPE_ACCOUNT#': 'the projects connected to one Stripe account',
    'EMAIL#': 'the imported investors with one email',
    UPDATE_SUMMARIES: 'the buyers to send the weekly summary to',
    CARTS: 'every cart, newest first',
    PODCASTS: 'the board, newest first',
    PODCASTS_HIDDEN: 'the hidden podcasts',
    'VOTER#': "a user's votes",
    IMPORTS: 'the import jobs',
    UNMATCHED_PAYMENTS: 'the payments no cart could take',
    PORTALS: 'the portals',
    INVESTOR_SUBMISSIONS: "investors' submitted profiles awaiting review",
    REPORTS_OPEN: 'the open reports, oldest first',
    TAGCOUNTERS: 'the tag counters',
    DELIVERIES_OPEN: 'the paid carts not yet delivered, oldest payment first (the watch of paid carts)',
    'BUYERS#': 'the founders who bought one investor (their library rows)',
    WITHDRAWALS: 'every withdrawn entry, latest event first',
    CORRECTIONS_OPEN: 'the open correction requests, oldest first',
    PIPELINE_REMINDERS: 'the founders who keep a fundraising pipeline (the daily next-step reminders)',
    SEARCH_ALERTS: 'the founders with saved searches (the weekly alert)',
    RESPONSE_TIMES: 'the investors whose response times are published',
  },
  gsi2: {
    UNMAPPED: 'imported investors not yet mapped',
    'STAGED#': "an import job's staged rows",
    'USER#': "a founder's carts",
    PODCASTS_BY_VOTES: 'the board by votes',
    REMINDERS_DUE: 'listed investors by the date their reminder is due',
    'REPORTER#': "a founder's reports",
  },
} as const;

export type TablePartition = keyof typeof tablePartitions;
export type IndexName = keyof typeof indexPartitions;
export type IndexPartition<I extends IndexName> = keyof (typeof indexPartitions)[I];

/** The IAM `StringLike` pattern of a partition: `USER#*`, or the value itself. */
export const partitionPattern = (partition: string): string =>
  partition.endsWith('#') ? `${partition}*` : partition;

/** Whether a partition-key value lies in the partition. */
export const inPartition = (partition: string, value: string): boolean =>
  partition.endsWith('#') ? value.startsWith(partition) : value === partition;

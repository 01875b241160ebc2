import { CRM_EXPORT_PREFIX } from '../shared/library/crm-export';
import { emailConfig } from './lib/config/email';
import { exportsConfig } from './lib/config/exports';
import { investorGroupFunctionConfig } from './lib/config/investor-group-function';
import { paymentLinkIdsConfig } from './lib/config/payment-link-ids';
import { paymentLinksConfig } from './lib/config/payment-links';
import { searchIndexConfig } from './lib/config/search-index';
import type { ConfigSection } from './lib/config/section';
import { siteConfig } from './lib/config/site';
import { stripeApiConfig } from './lib/config/stripe-api';
import { stripeConnectConfig } from './lib/config/stripe-connect';
import { stripeWebhookConfig } from './lib/config/stripe-webhook';
import { tableConfig } from './lib/config/table';
import { uploadsConfig } from './lib/config/uploads';
import { userPoolConfig } from './lib/config/user-pool';
import type { IndexPartition, TablePartition } from './lib/table/partitions';
import { workflow } from './lib/workflows';
import { type HandlerGroup, handlerGroups } from './routes';
import {
  type StateMachineName,
  type WorkflowTaskFunction,
  workflowTaskFunctions,
} from './workflows/registry';

/**
 * The function manifest: what each function may touch, in one place beside the route table. Both
 * homes build each function from it and from nothing else: CDK grants exactly this and sets exactly
 * the variables that go with it (`infra/constructs/function.ts`, `infra/function-needs.ts`), and the
 * local home gives each function exactly those variables and refuses its table calls outside its
 * partitions, as IAM would (`infra/local/functions.ts`). `test/infra/function-needs.test.ts` holds
 * each bundle to it (esbuild's metafile: the configuration sections and workflows the code reaches)
 * and each synthesised policy to it (a write outside the grant is refused).
 *
 * To give a function something: add it to its entry here, nothing else. See docs/operations.md,
 * "Declaring what a function needs".
 */

/** Functions that another function invokes (Lambda Invoke), never a route or a workflow. */
export const invokedFunctions = {
  /** Adds a user to the `investor` group, and can reach no other group (issue 31). */
  investorGroup: 'lambdas/events/investor-group.ts',
} as const;

export type InvokedFunction = keyof typeof invokedFunctions;
export type FunctionName = HandlerGroup | WorkflowTaskFunction | InvokedFunction;

/** The handler module of every function. */
export const functionEntries: Readonly<Record<FunctionName, string>> = {
  ...handlerGroups,
  ...workflowTaskFunctions,
  ...invokedFunctions,
};

/** The single table, by partition (`lambdas/lib/table/partitions.ts`). */
export interface TableNeeds {
  /** GetItem, BatchGetItem, Query and the condition checks of transactions, on these partitions. */
  readonly reads?: readonly TablePartition[];
  /** PutItem, UpdateItem, DeleteItem and BatchWriteItem on these partitions. */
  readonly writes?: readonly TablePartition[];
  /** Queries of `gsi1`, by its partition-key values. */
  readonly gsi1?: readonly IndexPartition<'gsi1'>[];
  /** Queries of `gsi2`, by its partition-key values. */
  readonly gsi2?: readonly IndexPartition<'gsi2'>[];
  /**
   * Why the function Scans the table: a Scan has no partition key, so IAM cannot narrow it to any
   * partition and the grant covers every item. Only workflows that walk a whole entity.
   */
  readonly scans?: string;
}

/** A bucket, by key prefix (`exports/`) or exact key. */
export interface BucketNeeds {
  readonly read?: readonly string[];
  readonly write?: readonly string[];
}

/**
 * The search snapshot (keys under `search-index/` of the exports bucket): `read` the snapshot (the
 * directory); `record` change objects (whoever writes searchable investors); `maintain` fold and
 * rebuild it (the aggregation).
 */
export type SearchIndexAccess = 'read' | 'record' | 'maintain';

/** Plain configuration values, by section of `lambdas/lib/config/`. */
export const settings = {
  site: siteConfig,
  paymentLinks: paymentLinksConfig,
  paymentLinkIds: paymentLinkIdsConfig,
  stripeConnect: stripeConnectConfig,
} as const satisfies Record<string, ConfigSection>;
export type Setting = keyof typeof settings;

/** Secrets, read at run time (by ARN on AWS); each with its configuration section. */
export const secrets = {
  stripeApiKey: stripeApiConfig,
  stripeWebhookSecret: stripeWebhookConfig,
} as const satisfies Record<string, ConfigSection>;
export type SecretName = keyof typeof secrets;

export interface FunctionNeeds {
  /** What it does, shown in the console. */
  readonly description: string;
  readonly table?: TableNeeds;
  readonly uploads?: BucketNeeds;
  readonly exports?: BucketNeeds;
  readonly searchIndex?: SearchIndexAccess;
  /** Workflows it starts (`lambdas/workflows/start/`). */
  readonly starts?: readonly StateMachineName[];
  /** Functions it invokes. */
  readonly invokes?: readonly InvokedFunction[];
  /** Sends email as the configured sender. */
  readonly email?: boolean;
  readonly secrets?: readonly SecretName[];
  /** May add a user to the Cognito `investor` group (`cognito-idp:AdminAddUserToGroup`). */
  readonly addsToInvestorGroup?: boolean;
  readonly settings?: readonly Setting[];
}

/** The configuration section each invoked function's name is given in. */
export const invokedFunctionSections: Readonly<Record<InvokedFunction, ConfigSection>> = {
  investorGroup: investorGroupFunctionConfig,
};

/**
 * What IAM cannot narrow further, and why it remains (issue 48, finding 7):
 * - `dynamodb:LeadingKeys` is the partition key only, and IAM has no condition key for the sort key
 *   (so "narrow by sort-key prefix" cannot be said in IAM): a function that may write `USER#` may write
 *   every item of every user's partition (profile, credit balance, library, listing), whatever its
 *   sort key. Eight functions write there (carts, pipeline, account, admin, investorPortal and the
 *   export, summary and portal tasks), each for its own records of the founder it serves, and the
 *   one-off migration of investor ids (it moves the references users' items hold). Narrowing
 *   further needs either the credit balance and the investor listing in partitions of their own
 *   (`CREDITS#<sub>`, `LISTING#<sub>`: a migration of live data, so not done with this issue) or
 *   `dynamodb:Attributes` conditions per function (every write's attribute names listed, and the
 *   local table guard taught them). Until then: writes go only through the table models
 *   (`lambdas/lib/table/`), which build each key from the verified caller (never from the request),
 *   and `test/infra/function-needs.test.ts` holds each policy to this list (and the list of USER#
 *   writers and of Scans to exactly these). New per-founder state goes in a partition of its own
 *   (the bulk emails' unsubscribe tokens: `UNSUBSCRIBE#`, `UNSUBSCRIBE_OF#`), never under `USER#`.
 * - A Scan has no partition key (`TableNeeds.scans`): the directory tasks' grant covers every item,
 *   read only (their writes are still held to their partitions, and `USER#` is not among them).
 *   Its Scans filter by entity (`scanEntities`): a sparse index of the walked entities would let the
 *   grant be a Query of that index instead, the next step if the recount and mapping are reworked.
 *   The migration of investor ids scans too (every item once: a reference may be in any kind).
 */
export const manifest = {
  // ------------------------------------------------------------ HTTP handler groups (routes.ts)
  directory: {
    description: 'The public directory: metadata, facets, search, profiles, portals (no contact details)',
    // IMPORTED#: a profile shows which contact kinds the imported record has (never a value).
    // TAXONOMY: the admins' edits of the taxonomy, for the forms' lists (GET /taxonomy) and a
    // profile's stages in the taxonomy's spelling.
    // RESPONSE_TIMES#: how fast an investor answers (issue 52), published totals only.
    table: {
      reads: ['INVESTOR#', 'IMPORTED#', 'TAG#', 'DIRECTORY', 'PORTAL#', 'TAXONOMY', 'RESPONSE_TIMES#'],
    },
    searchIndex: 'read',
  },

  carts: {
    description: "Export carts: the founder's working cart, save, preview, read, checkout",
    // USER#: the working cart (USER#sub/WORKING_CART), and the saver's profile created with a first cart.
    // RATE#: the founder's limit of cart lists (issue 48).
    table: { reads: ['CART#', 'INVESTOR#', 'USER#'], writes: ['CART#', 'USER#', 'RATE#'] },
    settings: ['paymentLinks'],
  },

  projects: {
    description: "A founder's projects",
    // TAXONOMY: a project's sectors are checked against the taxonomy's list.
    table: { reads: ['PROJECT#', 'USER#', 'TAXONOMY'], writes: ['PROJECT#'], gsi1: ['USER#'] },
  },
  stripeConnect: {
    description: 'Stripe Connect and Business Insights of a project; deleting a project',
    table: {
      reads: ['PROJECT#', 'USER#'],
      writes: ['PROJECT#', 'CONNECT_STATE#'],
      gsi1: ['STRIPE_ACCOUNT#'],
    },
    secrets: ['stripeApiKey'],
    settings: ['stripeConnect'],
  },

  pipeline: {
    description:
      "A project's fundraising pipeline: board, moves, private contacts, spreadsheet import, CRM export",
    table: {
      // INVESTOR#: a directory investor's public card. USER#: the founder's private contacts, library
      // (bought values: the only emails a row is matched by; the export) and reminder state. RATE#:
      // the founder's limit of spreadsheet pages (issue 48).
      reads: ['PROJECT#', 'USER#', 'INVESTOR#'],
      writes: ['PROJECT#', 'USER#', 'RATE#'],
    },
    // An imported row's name matched against the directory's search (its public cards).
    searchIndex: 'read',
  },

  decks: {
    description:
      "Deck links per investor: a project's deck versions, each pipeline entry's links, the public viewer's opens and page events",
    table: {
      // PROJECT#: the project, its pipeline entries (read), its deck versions, links and views.
      // DECK_TOKEN#: a link's token by its hash (the viewer's way in). USER# is read only (is the
      // caller an investor account?), never written: the open email's address is the founder's
      // verified email, kept on the link when it is made.
      reads: ['PROJECT#', 'DECK_TOKEN#', 'USER#'],
      writes: ['PROJECT#', 'DECK_TOKEN#'],
    },
    // deck-uploads/: the founder's browser PUTs the PDF there (presigned), read once to check it;
    // decks/: the checked versions, read through short-lived presigned GETs by the viewer.
    uploads: { read: ['deck-uploads/', 'decks/'], write: ['deck-uploads/', 'decks/'] },
    // The founder's email on a link's first open of the day; SITE_URL: its link and the links' URLs.
    email: true,
    settings: ['site'],
  },

  podcasts: {
    description: 'The podcast board: listing, votes, moderation',
    table: {
      reads: ['PODCAST#', 'LISTER#', 'USER#'],
      writes: ['PODCAST#', 'LISTER#'],
      gsi1: ['PODCASTS', 'PODCASTS_HIDDEN', 'VOTER#'],
      gsi2: ['PODCASTS_BY_VOTES'],
    },
  },
  account: {
    description: "The caller's own records: profile, library, purchases, reports, credits",
    table: {
      // UNSUBSCRIBE#: a one-click unsubscribe link's token; SHORTLIST#: the weekly alert it turns off.
      reads: ['USER#', 'CART#', 'INVESTOR#', 'IMPORTED#', 'UNSUBSCRIBE#', 'SHORTLIST#'],
      // CART#: a redeemed credit is delivered as a cart; REPORT#: a report of wrong data.
      writes: ['USER#', 'CART#', 'REPORT#', 'SHORTLIST#'],
    },
    // exports/: a buyer's CSV presigned again; library-exports/: the library's CRM file (issue 32),
    // written and presigned, deleted after a day.
    exports: { read: ['exports/', CRM_EXPORT_PREFIX], write: [CRM_EXPORT_PREFIX] },
    starts: ['exportDelivery'],
  },

  admin: {
    description: 'Admin tools: curation, imports, reports, portals, review, carts',
    table: {
      reads: [
        'USER#',
        'IMPORTED#',
        'INVESTOR#',
        // IDENTITY#: which entry an email maps to (a review's match, an approval's entry: issue 48).
        'IDENTITY#',
        'TAG#',
        'CART#',
        'IMPORT#',
        'PORTAL#',
        'CURATION#',
        'CURATION_JOB#',
        'REPORT#',
        'CORRECTION#',
        'TAXONOMY',
        'UNMAPPED_VALUE#',
        'TAXONOMY_JOB#',
      ],
      writes: [
        'USER#',
        'IMPORTED#',
        'INVESTOR#',
        'IDENTITY#',
        'TAG#',
        'DIRECTORY',
        'CART#',
        'IMPORT#',
        'PORTAL#',
        'CURATION#',
        'CURATION_JOB#',
        'RUNNER#',
        'REPORT#',
        'CORRECTION#',
        'TAXONOMY',
        'TAXONOMY_JOB#',
      ],
      gsi1: [
        'EMAIL#',
        'CARTS',
        'IMPORTS',
        'UNMATCHED_PAYMENTS',
        'PORTALS',
        'INVESTOR_SUBMISSIONS',
        'REPORTS_OPEN',
        'BUYERS#',
        'WITHDRAWALS',
        'CORRECTIONS_OPEN',
      ],
    },
    uploads: { write: ['imports/'] },
    searchIndex: 'record',
    starts: ['mapping', 'aggregation', 'curation', 'taxonomyRemap', 'import', 'exportDelivery'],
    email: true,
    // SITE_URL: the approved investor's email links to their entry.
    settings: ['site'],
  },

  investorPortal: {
    description: "An investor's own membership, profile and listing (joining a portal)",
    table: {
      // USER# and LISTER#, and the indexes: does the joining account keep founder records?
      // DATA_REQUEST#, RATE#, CORRECTION#: "This is me" (a code to the entry's email, then the request).
      reads: [
        'USER#',
        'PORTAL#',
        'INVESTOR#',
        'LISTER#',
        'IMPORTED#',
        'DATA_REQUEST#',
        'RATE#',
        'CORRECTION#',
        // The profile's sectors are checked against the taxonomy's list.
        'TAXONOMY',
      ],
      // INVESTOR#, TAG#, DIRECTORY: a listed investor's withdrawal takes their entry out at once.
      writes: ['USER#', 'INVESTOR#', 'TAG#', 'DIRECTORY', 'DATA_REQUEST#', 'RATE#', 'CORRECTION#'],
      gsi1: ['USER#', 'VOTER#'],
      gsi2: ['USER#'],
    },
    searchIndex: 'record',
    starts: ['aggregation'],
    invokes: ['investorGroup'],
    // The code of "This is me", to the email the directory holds (SITE_URL: its link back).
    email: true,
    settings: ['site'],
  },

  shortlist: {
    description:
      "A founder's shortlists (investors ranked by fit for a project), passes, saved searches and their alert's switch, their connections and warm paths",
    // PROJECT#: the project and its raise (read only); USER#: the founder's library, bought investors
    // marked or left out; SHORTLIST#: saved searches, the alert's switch, pass lists (its only writes);
    // TAXONOMY: the admins' synonyms, for filters in any spelling (as the directory reads them).
    // NETWORK#: the founder's own connections (issue 52), uploaded, read for warm paths, deleted;
    // INVESTOR#: the profile sheets of a page's investors (their portfolio companies, public facts),
    // and IMPORTED#: the linked record an investor without a stored sheet derives it from (as the
    // public profile does; only the company names are taken, never a contact value).
    // RESPONSE_TIMES#: how fast a page's investors answer (issue 52), published totals only.
    table: {
      reads: [
        'PROJECT#',
        'USER#',
        'SHORTLIST#',
        'TAXONOMY',
        'NETWORK#',
        'INVESTOR#',
        'IMPORTED#',
        'RESPONSE_TIMES#',
      ],
      writes: ['SHORTLIST#', 'NETWORK#'],
    },
    // The same index as the directory, loaded in this function's memory to rank the whole directory.
    searchIndex: 'read',
  },

  updates: {
    description:
      "Monthly investor updates: the composer's draft, sending, each update's figures; the web copy and a recipient's unsubscribe",
    table: {
      // PROJECT#: the project, its pipeline, its Stripe connection and transactions (the MRR), its
      // updates, their recipients and opt-outs. USER#: the founder's private contacts and library (the
      // only addresses an update goes to). UPDATE_COPY#, UPDATE_RECIPIENT#: the public links' lookups.
      reads: ['PROJECT#', 'USER#', 'UPDATE_COPY#', 'UPDATE_RECIPIENT#'],
      writes: ['PROJECT#', 'UPDATE_COPY#', 'UPDATE_RECIPIENT#'],
    },
    starts: ['updateSend'],
  },

  stripeWebhook: {
    description: "Stripe's webhook: claims each event once and starts the paid cart's delivery",
    table: { reads: ['CART#', 'STRIPE_EVENTS'], writes: ['CART#', 'PAYMENT#', 'STRIPE_EVENTS'] },
    secrets: ['stripeWebhookSecret'],
    settings: ['paymentLinkIds'],
    starts: ['exportDelivery'],
  },

  // ------------------------------------------------------------ workflow task functions (registry.ts)
  DirectoryTasksFunctionArn: {
    description: 'Mapping, curation and aggregation steps',
    table: {
      reads: [
        'IMPORTED#',
        'INVESTOR#',
        // IDENTITY#: the entry each imported record's identity maps to, created when new (issue 48).
        'IDENTITY#',
        'TAG#',
        'DIRECTORY',
        'CURATION#',
        'CURATION_JOB#',
        'TAXONOMY',
        'UNMAPPED_VALUE#',
        'TAXONOMY_JOB#',
      ],
      // IMPORT#: what mapping did with each page of an import's rows (the job's summary).
      // TAXONOMY, UNMAPPED_VALUE#: the values mapping keeps apart (the unmapped queue).
      writes: [
        'IMPORTED#',
        'INVESTOR#',
        'IDENTITY#',
        'TAG#',
        'DIRECTORY',
        'CURATION_JOB#',
        'RUNNER#',
        'IMPORT#',
        'TAXONOMY',
        'UNMAPPED_VALUE#',
        'TAXONOMY_JOB#',
      ],
      gsi1: ['TAGCOUNTERS'],
      gsi2: ['UNMAPPED', 'STAGED#'],
      scans:
        'Mapping every imported investor (Process all) and the recount walk a whole entity by design (a Scan filtered by entity, in resumable steps).',
    },
    searchIndex: 'maintain',
  },

  ImportTasksFunctionArn: {
    description: 'Import steps: parse the uploaded CSV, write imported investors in batches',
    table: { reads: ['IMPORT#'], writes: ['IMPORT#', 'IMPORTED#', 'RUNNER#'], gsi2: ['STAGED#'] },
    uploads: { read: ['imports/'] },
  },

  ExportTasksFunctionArn: {
    description:
      "Export delivery steps: the paid cart's CSV, its email, the buyer's library; the watch of paid carts",
    table: {
      reads: ['CART#', 'INVESTOR#', 'IMPORTED#', 'USER#'],
      writes: ['CART#', 'USER#'],
      // DELIVERIES_OPEN: the watch of paid carts reads the deliveries not yet done.
      gsi1: ['DELIVERIES_OPEN'],
    },
    exports: { read: ['exports/'], write: ['exports/'] },
    email: true,
  },

  SummaryTasksFunctionArn: {
    description:
      "Founders' emails: the weekly summary of updates to bought contacts, the daily next-step reminders; how fast investors answer",
    table: {
      // PROJECT# and gsi1 USER#: a founder's projects and their pipelines (the reminders).
      // UNSUBSCRIBE#, UNSUBSCRIBE_OF#: each email's one-click unsubscribe token (issue 48).
      // RESPONSE_TIMES#, gsi1 RESPONSE_TIMES, gsi2 USER# (a founder's carts: a paid purchase): how
      // fast investors answer (issue 52).
      reads: ['USER#', 'INVESTOR#', 'PROJECT#', 'UNSUBSCRIBE_OF#'],
      writes: ['USER#', 'UNSUBSCRIBE#', 'UNSUBSCRIBE_OF#', 'RESPONSE_TIMES#'],
      gsi1: ['UPDATE_SUMMARIES', 'PIPELINE_REMINDERS', 'USER#', 'RESPONSE_TIMES'],
      gsi2: ['USER#'],
    },
    email: true,
    settings: ['site'],
  },
  AlertTasksFunctionArn: {
    description: "The weekly email of investors new in founders' saved searches",
    // SHORTLIST#: saved searches, pass lists and the alert's claims; PROJECT#: a saved shortlist's
    // raise; USER#: the founder's address (their profile); TAXONOMY: saved filters in any spelling.
    table: {
      // UNSUBSCRIBE#, UNSUBSCRIBE_OF#: each email's one-click unsubscribe token (issue 48).
      reads: ['SHORTLIST#', 'PROJECT#', 'USER#', 'TAXONOMY', 'UNSUBSCRIBE_OF#'],
      writes: ['SHORTLIST#', 'UNSUBSCRIBE#', 'UNSUBSCRIBE_OF#'],
      gsi1: ['SEARCH_ALERTS'],
    },
    searchIndex: 'read',
    email: true,
    settings: ['site'],
  },
  StripeTasksFunctionArn: {
    description:
      "The reconciler of Stripe's events: replays the undelivered Checkout events through the webhook's handling",
    // What the webhook's handling touches (the claims, the cart, its delivery record, unmatched
    // payments), and the secret key to list events (a restricted key needs only Events: read).
    table: { reads: ['CART#', 'STRIPE_EVENTS'], writes: ['CART#', 'PAYMENT#', 'STRIPE_EVENTS'] },
    secrets: ['stripeApiKey'],
    settings: ['paymentLinkIds'],
    starts: ['exportDelivery'],
  },
  UpdateTasksFunctionArn: {
    description: "Investor updates' emails: each recipient claimed, then sent with a one-click unsubscribe",
    // PROJECT#: the update, its recipients (their claims) and the project's opt-outs.
    table: { reads: ['PROJECT#'], writes: ['PROJECT#'] },
    email: true,
    // SITE_URL: the web copy's and the unsubscribe's links.
    settings: ['site'],
  },
  PortalTasksFunctionArn: {
    description: 'The 6-month reminders to listed investors',
    table: { reads: ['USER#', 'PORTAL#'], writes: ['USER#'], gsi2: ['REMINDERS_DUE'] },
    email: true,
  },

  MigrationTasksFunctionArn: {
    description:
      'The migration of investor ids (issue 48): old hash ids to random ids, every reference moved',
    table: {
      // Every partition that holds an investor id, in its keys or its attributes, is rewritten;
      // PROJECT# is read for a pipeline's founder; RUNNER#: the mapping lock the run renews.
      reads: ['IMPORTED#', 'IDENTITY#', 'MOVED#', 'PROJECT#', 'USER#', 'INVESTOR#'],
      writes: [
        'IDENTITY#',
        'MOVED#',
        'RUNNER#',
        'USER#',
        'PROJECT#',
        'IMPORTED#',
        'INVESTOR#',
        'TAG#',
        'CART#',
        'REPORT#',
        'SHORTLIST#',
        'UNMAPPED_VALUE#',
        'DATA_REQUEST#',
        'CORRECTION#',
      ],
      scans:
        'The migration of investor ids walks every item of the table once, in resumable steps: a reference may be in any kind of item.',
    },
    // The moved cards' changes (the old card's removal, the new card) for the search snapshot.
    searchIndex: 'record',
  },

  // ------------------------------------------------------------ invoked functions
  investorGroup: {
    description: 'Adds a user to the Cognito group investor, and to no other group',
    addsToInvestorGroup: true,
  },
} as const satisfies Record<FunctionName, FunctionNeeds>;

/** Every function's needs. */
export const functionNeeds: Readonly<Record<FunctionName, FunctionNeeds>> = manifest;

export const functionNames = Object.keys(functionEntries) as FunctionName[];

/**
 * The configuration sections a function's needs come with, besides the AWS section every function
 * has: the table's name for table access, each bucket's for its access, the sender for email, and so
 * on. Its environment holds exactly their variables.
 */
export function sectionsOf(needs: FunctionNeeds): ConfigSection[] {
  const sections: ConfigSection[] = [];
  if (needs.table) sections.push(tableConfig);
  if (needs.uploads) sections.push(uploadsConfig);
  if (needs.exports) sections.push(exportsConfig);
  if (needs.searchIndex) sections.push(searchIndexConfig);
  if (needs.email) sections.push(emailConfig);
  if (needs.addsToInvestorGroup) sections.push(userPoolConfig);
  for (const name of needs.starts ?? []) sections.push(workflow(name).config);
  for (const name of needs.invokes ?? []) sections.push(invokedFunctionSections[name]);
  for (const name of needs.secrets ?? []) sections.push(secrets[name]);
  for (const name of needs.settings ?? []) sections.push(settings[name]);
  return sections;
}

/** The variables of a function's environment (besides the runtime's own). */
export const variablesOf = (needs: FunctionNeeds): string[] =>
  [...new Set(sectionsOf(needs).flatMap((section) => section.variables()))].sort();

/** The variables a function cannot run without (each section's required ones). */
export const requiredVariablesOf = (needs: FunctionNeeds): string[] =>
  [
    ...new Set(
      sectionsOf(needs).flatMap((section) => {
        const parsed = section.schema().safeParse({});
        return parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0]));
      }),
    ),
  ].sort();

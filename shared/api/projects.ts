import * as z from 'zod/mini';
import { OPPORTUNITY_KINDS } from '../insights/opportunities';
import {
  INVALID_STARTUP_STATUS,
  MAX_PROJECT_SECTORS,
  type PaymentConnectionSummary,
  paymentConnectState,
  projectCreateSchema,
  SELECTABLE_STARTUP_STATUSES,
  TOO_MANY_PROJECT_SECTORS,
} from '../projects/project';
import {
  checkRaise,
  RAISE_AMOUNT_INVALID,
  RAISE_PLACE_MAX_LENGTH,
  RAISE_PLACE_TOO_LONG,
  RAISE_ROUND_INVALID,
  raiseSchema,
} from '../projects/raise';
import { projectIdParams } from './params';
import { multiLine, singleLine } from './text';

export { projectIdParams };

/**
 * The API contract of startup projects: one zod schema per request and response. Only a project's
 * creator may read, change or delete it; anyone else gets 404 'Project not found'.
 */

export const PROJECT_NAME_MAX_LENGTH = 200;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;
export const PROJECT_SECTOR_MAX_LENGTH = 100;
/** Submitted entries before blanks and repeats are dropped; the limit of 6 applies after. */
const MAX_SUBMITTED_ENTRIES = 50;

/** Not in the spec, which gives no length limits. */
export const PROJECT_NAME_TOO_LONG = `Name must be at most ${PROJECT_NAME_MAX_LENGTH} characters.`;
/** Not in the spec. */
export const PROJECT_DESCRIPTION_TOO_LONG = 'Description must be at most 5,000 characters.';
/** Not in the spec. */
export const PROJECT_SECTOR_TOO_LONG = `A sector must be at most ${PROJECT_SECTOR_MAX_LENGTH} characters.`;
/** Not in the spec. */
export const PROJECT_UPDATE_EMPTY =
  'Give at least one of name, description, sectors, startupStatus or raise.';

const raisePlace = z.optional(
  z.nullable(
    z.string().check(singleLine(), z.maxLength(RAISE_PLACE_MAX_LENGTH, { error: RAISE_PLACE_TOO_LONG })),
  ),
);

/**
 * What the project is raising (issue 35), each part optional (null or left out: not said); `raise:
 * null` clears it. The round is a stage of the list (any case), the amount whole US dollars, the
 * country one the directory knows by any of its names, the city within it (shared/projects/raise.ts).
 */
export const raiseBody = z.pipe(
  z
    .strictObject({
      round: z.optional(
        z.nullable(
          z
            .string({ error: RAISE_ROUND_INVALID })
            .check(singleLine(), z.maxLength(40, { error: RAISE_ROUND_INVALID })),
        ),
      ),
      amountUsd: z.optional(z.nullable(z.number({ error: RAISE_AMOUNT_INVALID }))),
      country: raisePlace,
      city: raisePlace,
      leadWanted: z.optional(z.nullable(z.boolean({ error: 'leadWanted must be true, false or null.' }))),
    })
    .check(
      z.superRefine((raise, ctx) => {
        const checked = checkRaise(raise);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message, input: raise });
      }),
    ),
  z.transform((raise) => {
    const checked = checkRaise(raise);
    return checked.ok ? checked.raise : null;
  }),
);
export type RaiseBody = z.input<typeof raiseBody>;

const name = projectCreateSchema.shape.name.check(
  singleLine(),
  z.maxLength(PROJECT_NAME_MAX_LENGTH, { error: PROJECT_NAME_TOO_LONG }),
);
const description = multiLine(
  projectCreateSchema.shape.description.check(
    z.maxLength(PROJECT_DESCRIPTION_MAX_LENGTH, { error: PROJECT_DESCRIPTION_TOO_LONG }),
  ),
);

/** POST /projects: the 'List a New Project' form ('Name is required.', 'Description is required.'). */
export const createProjectBody = z.strictObject({ name, description });
export type CreateProjectBody = z.input<typeof createProjectBody>;

/**
 * PATCH /projects/{projectId}: any of the 'Edit Project' fields; the others keep their values. The rules
 * are those of the shared `projectUpdateSchema` (which requires every field): sectors are trimmed, blanks
 * and repeats dropped, then at most 6 ('A project can have at most 6 sectors.'); statuses are the
 * selectable ones ('Please choose a valid startup status.'), repeats dropped. Other fields (owner,
 * connect fields, dates) cannot be set here and are refused by name.
 */
export const updateProjectBody = z
  .strictObject({
    name: z.optional(name),
    description: z.optional(description),
    sectors: z.optional(
      z.pipe(
        z.pipe(
          z
            .array(
              z
                .string()
                .check(
                  singleLine(),
                  z.maxLength(PROJECT_SECTOR_MAX_LENGTH, { error: PROJECT_SECTOR_TOO_LONG }),
                ),
            )
            .check(z.maxLength(MAX_SUBMITTED_ENTRIES, { error: TOO_MANY_PROJECT_SECTORS })),
          z.transform((sectors) => [...new Set(sectors.map((s) => s.trim()).filter((s) => s !== ''))]),
        ),
        z.array(z.string()).check(z.maxLength(MAX_PROJECT_SECTORS, { error: TOO_MANY_PROJECT_SECTORS })),
      ),
    ),
    startupStatus: z.optional(
      z.pipe(
        z
          .array(z.enum(SELECTABLE_STARTUP_STATUSES, { error: INVALID_STARTUP_STATUS }))
          .check(z.maxLength(MAX_SUBMITTED_ENTRIES, { error: INVALID_STARTUP_STATUS })),
        z.transform((statuses) => [...new Set(statuses)]),
      ),
    ),
    raise: z.optional(z.nullable(raiseBody)),
  })
  .check(
    z.refine((changes) => Object.values(changes).some((value) => value !== undefined), {
      error: PROJECT_UPDATE_EMPTY,
    }),
  );
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

export const paymentConnectionViewSchema = z.object({
  state: z.enum(['not-connected', 'pending', 'connected']),
  /** When the connection record was made (ISO 8601); null unless connected. */
  connectedAt: z.nullable(z.string()),
});
export type PaymentConnectionView = z.infer<typeof paymentConnectionViewSchema>;

/**
 * A project as its creator sees it. The payment connection is reduced to its state and date: no token,
 * account id or key of the connection record is ever part of a response.
 */
export const projectViewSchema = z.object({
  id: z.string(),
  creatorUserId: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Stored values; `startupStatusLabel` shows anything unexpected as 'Unknown'. */
  startupStatus: z.array(z.string()),
  sectors: z.array(z.string()),
  stripeConnectCode: z.nullable(z.string()),
  stripeConnectScope: z.nullable(z.string()),
  stripeConnectTimestamp: z.nullable(z.string()),
  /** What the project is raising (issue 35); null until the founder says. */
  raise: z._default(z.nullable(raiseSchema), null),
  paymentConnection: paymentConnectionViewSchema,
});
export type ProjectView = z.infer<typeof projectViewSchema>;

/** GET /projects: the caller's projects, newest first. */
export const listProjectsResponse = z.object({ projects: z.array(projectViewSchema) });
export type ListProjectsResponse = z.infer<typeof listProjectsResponse>;

/** DELETE /projects/{projectId}: the project and its payment connection are gone. */
export const deleteProjectResponse = z.object({ deleted: z.literal(true) });

/** The view of a stored project and its payment-connection record (null when there is none). */
export function toProjectView(
  project: Omit<ProjectView, 'paymentConnection' | 'raise'> & { raise?: ProjectView['raise'] | undefined },
  connection: PaymentConnectionSummary | null,
): ProjectView {
  const state = paymentConnectState(project, connection);
  return projectViewSchema.parse({
    ...project,
    paymentConnection: {
      state,
      connectedAt: state === 'connected' ? (connection?.connectedAt ?? null) : null,
    },
  });
}

// ---------------------------------------------------------------- payment connect and insights

/** The scopes Connect can grant; the product asks for read_write (spec section 7). */
export const STRIPE_CONNECT_SCOPES = ['read_write', 'read_only'] as const;

/** Not in the spec: a code Stripe refused (unknown, expired or already used). */
export const STRIPE_CODE_REFUSED =
  'Stripe did not accept the authorization code (it may have expired or been used already). Please connect again.';
/** Not in the spec. */
export const STRIPE_ALREADY_CONNECTED = 'This project is already connected to Stripe. Disconnect it first.';
/** Not in the spec: sync or MRR on a project without a payment connection. */
export const STRIPE_NOT_CONNECTED = 'This project is not connected to Stripe. Connect it first.';
/** Not in the spec. */
export const STRIPE_CONNECT_FAILED = 'Could not reach Stripe to finish connecting. Please try again.';
/** Not in the spec. */
export const STRIPE_DISCONNECT_FAILED = 'Could not reach Stripe to disconnect. Please try again.';
/** Not in the spec. */
export const STRIPE_SYNC_FAILED = 'Could not fetch the transactions from Stripe. Please try again.';
/** Not in the spec: Stripe refuses access to the connected account (deauthorised on Stripe's side). */
export const STRIPE_ACCESS_REVOKED =
  'Stripe no longer allows access to the connected account. Disconnect and connect again.';

/** Not in the spec: a return from Stripe without the `state` this product sent. */
export const CONNECT_STATE_MISSING =
  'The Stripe connection came back without its state. Start again from your project page.';
/** Not in the spec: a `state` that is not one made for this founder and project, used already or expired. */
export const CONNECT_STATE_INVALID =
  'This Stripe connection was not started from this project, or it expired. Start again from your project page.';

/**
 * POST /projects/{projectId}/stripe/connect: the code and scope Connect's OAuth flow returned to
 * /connect/stripe. The server stores them (the project is then 'pending'), exchanges the code for the
 * account's tokens, keeps those server-side and answers the project view ('connected'). A code Stripe
 * refuses answers 400 ('invalid-argument'), Stripe unreachable 502 ('unavailable'), an already connected
 * project 409; the project then stays as it was left (pending on a refused code).
 */
export const stripeConnectBody = z.strictObject({
  code: z
    .string()
    .check(
      singleLine(),
      z.trim(),
      z.minLength(1, { error: 'The authorization code is required.' }),
      z.maxLength(255),
      z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Not an authorization code.' }),
    ),
  scope: z.enum(STRIPE_CONNECT_SCOPES, { error: 'The scope must be read_write or read_only.' }),
  /** The `state` Stripe sent back: the one POST …/stripe/connect-state made for this founder and project. */
  state: z
    .string({ error: CONNECT_STATE_MISSING })
    .check(singleLine(), z.regex(/^[A-Za-z0-9_-]{43}$/, { error: CONNECT_STATE_INVALID })),
});
export type StripeConnectBody = z.input<typeof stripeConnectBody>;

/**
 * POST /projects/{projectId}/stripe/connect-state: a new OAuth `state` for Stripe Connect (random,
 * single use, 15 minutes), made for the caller and the project; the project page sends it to Stripe.
 */
export const connectStateResponse = z.object({ state: z.string() });

/** POST /projects/{projectId}/stripe/connect and DELETE /projects/{projectId}/stripe/connection. */
export const stripeConnectResponse = projectViewSchema;

/**
 * POST /projects/{projectId}/stripe/transactions/sync (the spec's fetchStripeTransactionsForProject)
 * needs no body (the project is in the path); one such as `{ projectId }` is accepted and ignored.
 */
export const syncTransactionsBody = z.optional(z.strictObject({}));

/**
 * The sync's answer: it ingested the connected account's charges, refunds, invoices and subscriptions
 * (all of them, replacing what was stored); `message` is what the page shows, e.g. 'Imported 12 charges,
 * 1 refund, 12 invoices and 3 subscriptions.'. 409 when the project is not connected or Stripe refuses
 * access to the account, 502 when Stripe fails.
 */
export const syncTransactionsResponse = z.object({
  message: z.string(),
  imported: z.object({
    charges: z.int(),
    refunds: z.int(),
    invoices: z.int(),
    subscriptions: z.int(),
  }),
});
export type SyncTransactionsResponse = z.infer<typeof syncTransactionsResponse>;

const customerSpendSchema = z.object({
  customerId: z.string(),
  kind: z.enum(OPPORTUNITY_KINDS),
  beforeX100: z.int(),
  nowX100: z.int(),
  changeX100: z.int(),
});

/**
 * GET /projects/{projectId}/insights/mrr: MRR from the ingested subscriptions (rules in
 * `shared/insights/mrr.ts`), in the minor unit of `currency` (null when there are no subscriptions).
 * `series` is the last 12 months, oldest first, the current one last (valued now); `subscriptions` is
 * how many count in the current MRR. A project not connected to Stripe answers {@link mrrNotConnected}
 * (200: an ordinary state, not an error).
 */
export const mrrReportSchema = z.object({
  connected: z.literal(true),
  currency: z.nullable(z.string()),
  currentMrrX100: z.int(),
  series: z.array(z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)), mrrX100: z.int() })),
  subscriptions: z.int(),
  /**
   * 'Surface org-wide sales opportunities' (issue 50; rules in `shared/insights/opportunities.ts`): the
   * customers whose monthly spend fell or stopped since the end of last month (churn risk) and those
   * whose spend grew or began (expansion), biggest first, in the same currency.
   */
  opportunities: z.object({
    currency: z.nullable(z.string()),
    sinceMonth: z.string(),
    churnRisk: z.array(customerSpendSchema),
    expansion: z.array(customerSpendSchema),
    lostX100: z.int(),
    gainedX100: z.int(),
  }),
  computedAt: z.string(),
});
export type MrrReport = z.infer<typeof mrrReportSchema>;

/** GET /projects/{projectId}/insights/mrr of a project not connected to Stripe: nothing to compute yet. */
export const mrrNotConnected = z.object({
  connected: z.literal(false),
  /** {@link STRIPE_NOT_CONNECTED}. */
  message: z.string(),
});

/** GET /projects/{projectId}/insights/mrr: the report, or that the project is not connected. */
export const mrrResponse = z.discriminatedUnion('connected', [mrrReportSchema, mrrNotConnected]);
export type MrrResponse = z.infer<typeof mrrResponse>;

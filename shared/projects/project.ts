/**
 * Startup projects (spec sections 3, 4 and 5): startup statuses, the create and edit forms, the stored
 * project and the state of its payment-account connection.
 */
import * as z from 'zod/mini';

/** Max sectors per project. */
export const MAX_PROJECT_SECTORS = 6;

/** Not in the spec, which only says name and description are required. */
export const PROJECT_NAME_REQUIRED = 'Name is required.';
/** Not in the spec, which only says name and description are required. */
export const PROJECT_DESCRIPTION_REQUIRED = 'Description is required.';
/** Not in the spec, which only gives the limit. */
export const TOO_MANY_PROJECT_SECTORS = `A project can have at most ${MAX_PROJECT_SECTORS} sectors.`;
/** Not in the spec. */
export const INVALID_STARTUP_STATUS = 'Please choose a valid startup status.';

export const STARTUP_STATUSES = [
  'Building',
  'Zombie',
  'Bootstrapping',
  'Raising',
  'Exiting',
  'ShuttingDown',
  'ExitAcquired',
  'ExitDissolved',
  'Unknown',
] as const;
export type StartupStatus = (typeof STARTUP_STATUSES)[number];

/** The statuses a user can choose: all but Unknown. */
export const SELECTABLE_STARTUP_STATUSES = [
  'Building',
  'Zombie',
  'Bootstrapping',
  'Raising',
  'Exiting',
  'ShuttingDown',
  'ExitAcquired',
  'ExitDissolved',
] as const satisfies readonly StartupStatus[];
export type SelectableStartupStatus = (typeof SELECTABLE_STARTUP_STATUSES)[number];

const STATUS_LABELS: Readonly<Record<StartupStatus, string>> = {
  Building: 'Building',
  Zombie: 'Zombie',
  Bootstrapping: 'Bootstrapping',
  Raising: 'Raising Funds',
  Exiting: 'Exiting',
  ShuttingDown: 'Shutting Down',
  ExitAcquired: 'Exit: Acquired',
  ExitDissolved: 'Exit: Dissolved',
  Unknown: 'Unknown',
};

function isStartupStatus(value: string): value is StartupStatus {
  return (STARTUP_STATUSES as readonly string[]).includes(value);
}

/** The display label of a stored status value, e.g. 'Raising' → 'Raising Funds'; any other value → 'Unknown'. */
export function startupStatusLabel(value: string): string {
  return isStartupStatus(value) ? STATUS_LABELS[value] : STATUS_LABELS.Unknown;
}

/** The statuses as the account page's project list shows them: labels joined by ', '. */
export function formatStartupStatuses(values: readonly string[]): string {
  return values.map(startupStatusLabel).join(', ');
}

/** The tags worth showing: those that are not blank. */
export function visibleTags(tags: readonly (string | null | undefined)[]): string[] {
  return tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
}

const nameSchema = z
  .string({ error: PROJECT_NAME_REQUIRED })
  .check(z.trim(), z.minLength(1, { error: PROJECT_NAME_REQUIRED }));
const descriptionSchema = z
  .string({ error: PROJECT_DESCRIPTION_REQUIRED })
  .check(z.trim(), z.minLength(1, { error: PROJECT_DESCRIPTION_REQUIRED }));

/** The 'List a New Project' form. */
export const projectCreateSchema = z.object({ name: nameSchema, description: descriptionSchema });
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreate = z.output<typeof projectCreateSchema>;

/** Sectors are trimmed, blank ones dropped and repeats removed before the limit is checked. */
const sectorsSchema = z.pipe(
  z.pipe(
    z._default(z.array(z.string()), []),
    z.transform((sectors) => [...new Set(sectors.map((s) => s.trim()).filter((s) => s !== ''))]),
  ),
  z.array(z.string()).check(z.maxLength(MAX_PROJECT_SECTORS, { error: TOO_MANY_PROJECT_SECTORS })),
);

const selectableStatusesSchema = z.pipe(
  z._default(z.array(z.enum(SELECTABLE_STARTUP_STATUSES, { error: INVALID_STARTUP_STATUS })), []),
  z.transform((statuses) => [...new Set(statuses)]),
);

/** The 'Edit Project' form. */
export const projectUpdateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  sectors: sectorsSchema,
  startupStatus: selectableStatusesSchema,
});
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

/** Timestamps are ISO 8601 strings, as `Date.prototype.toISOString` writes them. */
const isoTimestamp = z.iso.datetime({ offset: true });

/** A stored project. Times are ISO 8601 strings. */
export const projectSchema = z.object({
  id: z.string().check(z.minLength(1)),
  creatorUserId: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.string(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  startupStatus: z._default(z.array(z.enum(STARTUP_STATUSES)), []),
  sectors: z._default(z.array(z.string()).check(z.maxLength(MAX_PROJECT_SECTORS)), []),
  stripeConnectCode: z._default(z.nullable(z.string()), null),
  stripeConnectScope: z._default(z.nullable(z.string()), null),
  /** When the authorization code was stored (ISO 8601). */
  stripeConnectTimestamp: z._default(z.nullable(isoTimestamp), null),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * A new project from a validated create form: no statuses, no sectors, not connected.
 *
 * @throws RangeError when `now` is an invalid Date.
 */
export function newProject(
  input: ProjectCreate,
  ids: { readonly id: string; readonly creatorUserId: string; readonly now: Date },
): Project {
  const now = ids.now.toISOString();
  return {
    id: ids.id,
    creatorUserId: ids.creatorUserId,
    name: input.name,
    description: input.description,
    createdAt: now,
    updatedAt: now,
    startupStatus: [],
    sectors: [],
    stripeConnectCode: null,
    stripeConnectScope: null,
    stripeConnectTimestamp: null,
  };
}

export type PaymentConnectState = 'not-connected' | 'pending' | 'connected';

/** The part of a payment-connection record the state needs: when it was made (ISO 8601). */
export interface PaymentConnectionSummary {
  readonly connectedAt: string;
}

/**
 * Where a project is in the payment-connect flow (spec section 4): 'connected' once the connection record
 * exists, whatever the project's fields say; otherwise 'pending' while the project holds a returned
 * authorization code ('account is being connected'); otherwise 'not-connected'.
 */
export function paymentConnectState(
  project: Pick<Project, 'stripeConnectCode'>,
  connection?: PaymentConnectionSummary | null,
): PaymentConnectState {
  if (connection) return 'connected';
  if (project.stripeConnectCode !== null && project.stripeConnectCode.trim() !== '') return 'pending';
  return 'not-connected';
}

/** The connect button is disabled when connected or pending. */
export function canStartPaymentConnect(state: PaymentConnectState): boolean {
  return state === 'not-connected';
}

/** The three connect fields as Disconnect writes them (together with deleting the connection record). */
export const DISCONNECTED_FIELDS = {
  stripeConnectCode: null,
  stripeConnectScope: null,
  stripeConnectTimestamp: null,
} as const satisfies Pick<Project, 'stripeConnectCode' | 'stripeConnectScope' | 'stripeConnectTimestamp'>;

import { z } from 'zod';
import {
  INVALID_STARTUP_STATUS,
  MAX_PROJECT_SECTORS,
  type PaymentConnectionSummary,
  paymentConnectState,
  projectCreateSchema,
  SELECTABLE_STARTUP_STATUSES,
  TOO_MANY_PROJECT_SECTORS,
} from '../projects/project';

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
export const PROJECT_UPDATE_EMPTY = 'Give at least one of name, description, sectors or startupStatus.';

export const projectIdParams = z.object({
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a project id'),
});

const name = projectCreateSchema.shape.name.max(PROJECT_NAME_MAX_LENGTH, { error: PROJECT_NAME_TOO_LONG });
const description = projectCreateSchema.shape.description.max(PROJECT_DESCRIPTION_MAX_LENGTH, {
  error: PROJECT_DESCRIPTION_TOO_LONG,
});

/** POST /projects: the 'List a New Project' form ('Name is required.', 'Description is required.'). */
export const createProjectBody = z.object({ name, description });
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
    name: name.optional(),
    description: description.optional(),
    sectors: z
      .array(z.string().max(PROJECT_SECTOR_MAX_LENGTH, { error: PROJECT_SECTOR_TOO_LONG }))
      .max(MAX_SUBMITTED_ENTRIES, { error: TOO_MANY_PROJECT_SECTORS })
      .transform((sectors) => [...new Set(sectors.map((s) => s.trim()).filter((s) => s !== ''))])
      .pipe(z.array(z.string()).max(MAX_PROJECT_SECTORS, { error: TOO_MANY_PROJECT_SECTORS }))
      .optional(),
    startupStatus: z
      .array(z.enum(SELECTABLE_STARTUP_STATUSES, { error: INVALID_STARTUP_STATUS }))
      .max(MAX_SUBMITTED_ENTRIES, { error: INVALID_STARTUP_STATUS })
      .transform((statuses) => [...new Set(statuses)])
      .optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: PROJECT_UPDATE_EMPTY,
  });
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

export const paymentConnectionViewSchema = z.object({
  state: z.enum(['not-connected', 'pending', 'connected']),
  /** When the connection record was made (ISO 8601); null unless connected. */
  connectedAt: z.string().nullable(),
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
  stripeConnectCode: z.string().nullable(),
  stripeConnectScope: z.string().nullable(),
  stripeConnectTimestamp: z.string().nullable(),
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
  project: Omit<ProjectView, 'paymentConnection'>,
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

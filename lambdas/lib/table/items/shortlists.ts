import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate } from './common';

// ---------------------------------------------------------------- shortlists (issue 35)

/**
 * A founder's shortlist records (`SHORTLIST#<sub>`), apart from their `USER#` partition so the
 * function that writes them can write nothing else of theirs: their saved searches, the header that
 * counts them and carries the weekly alert's state, and each project's pass list.
 */
const shortlistPartition = (userId: string) => `SHORTLIST#${userId}`;
/** The founder whose saved searches and passes a partition is, if it is a shortlist partition. */
export const shortlistOwnerOf = (pk: string): string | null =>
  pk.startsWith(shortlistPartition('')) ? pk.slice(shortlistPartition('').length) : null;
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

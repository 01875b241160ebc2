import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

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
    /** Counted in investors' response times (issue 52): off unless the founder turns it on. */
    shareResponseTimes: z._default(z.boolean(), false),
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

import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, projectPartition } from './common';

/**
 * How fast an investor answers (issue 52; docs/decisions.md, "How fast investors answer"): the
 * figures the daily aggregation publishes for an investor once at least ten people contributed, and
 * nothing of who. One item per investor, outside the investor's partition (the directory's writers
 * never meet it), listed in `gsi1` so a run removes what it no longer publishes.
 */
export const RESPONSE_TIMES = 'RESPONSE_TIMES';

export const responseTimesKey = (investorId: string): TableKey => ({
  pk: `RESPONSE_TIMES#${investorId}`,
  sk: 'SUMMARY',
});

export const responseTimesModel = defineModel(
  'responseTimes',
  z.object({
    investorId: z.string(),
    /** How many people contributed (each counted once, however many accounts or projects). */
    contributors: z.int(),
    repliedShare: z.nullable(z.number()),
    medianDaysToReply: z.nullable(z.number()),
    medianDaysToDecision: z.nullable(z.number()),
    computedAt: isoDate,
  }),
  (v) => ({ ...responseTimesKey(v.investorId), gsi1pk: RESPONSE_TIMES, gsi1sk: v.investorId }),
);
export type ResponseTimesItem = z.infer<typeof responseTimesModel.schema>;

/** Every investor whose response times are published (`gsi1`): a run removes those it no longer publishes. */
export const publishedResponseTimes = accessPattern(
  {
    index: 'gsi1',
    params: [],
    description: 'The investors whose response times are published (the daily aggregation replaces them)',
  },
  () => ({ partition: RESPONSE_TIMES }),
);

/** Every move of every entry of a project's pipeline (the aggregation reads a project's histories at once). */
export const movesOfProject = accessPattern(
  {
    index: 'table',
    params: ['projectId'],
    description: 'Every pipeline move of a project (the response-times aggregation), by entry and version',
  },
  (projectId: string) => ({ partition: projectPartition(projectId), sortPrefix: 'PIPEMOVE#' }),
);

import * as z from 'zod/mini';
import { PASS_REASONS, PIPELINE_STAGES } from '../../../../shared/pipeline/stages';
import { accessPattern, defineModel, padNumber, type TableKey } from '../model';
import { isoDate, projectPartition, userPartition } from './common';

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
    /** Marked by the founder as the round's lead (issue 52); absent on entries written before. */
    lead: z._default(z.boolean(), false),
    /** Who can introduce the founder ("Intro via Ben", issue 52), in their words; null without. */
    introVia: z._default(z.nullable(z.string()), null),
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

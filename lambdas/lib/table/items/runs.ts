import * as z from 'zod/mini';
import { defineModel, type TableKey } from '../model';
import { isoDate } from './common';

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

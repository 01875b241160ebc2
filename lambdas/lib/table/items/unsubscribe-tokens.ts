import * as z from 'zod/mini';
import { defineModel, type TableKey } from '../model';
import { isoDate } from './common';

/**
 * The bulk emails a founder can turn off by one click (issue 48, RFC 8058): the weekly saved-search
 * alert, the weekly summary of updates to bought contacts, the daily pipeline reminder.
 */
export const BULK_EMAIL_KINDS = ['searchAlerts', 'updateEmails', 'pipelineReminders'] as const;
export type BulkEmailKind = (typeof BULK_EMAIL_KINDS)[number];

/** The key of an unsubscribe token, by the token's hash. */
export const unsubscribeTokenKey = (tokenHash: string): TableKey => ({
  pk: `UNSUBSCRIBE#${tokenHash}`,
  sk: 'TOKEN',
});

/**
 * An unsubscribe token (`UNSUBSCRIBE#<sha256 of token>` / `TOKEN`): 32 random bytes, found by its
 * hash (a read of the table does not give the link away), naming whose email and which kind it turns
 * off. One per founder and kind, used in every email of that kind; it never expires.
 */
export const unsubscribeTokenModel = defineModel(
  'unsubscribeToken',
  z.object({ tokenHash: z.string(), userId: z.string(), kind: z.enum(BULK_EMAIL_KINDS), createdAt: isoDate }),
  (v) => unsubscribeTokenKey(v.tokenHash),
);
export type UnsubscribeToken = z.infer<typeof unsubscribeTokenModel.schema>;

import * as z from 'zod/mini';
import { defineModel } from '../model';
import { isoDate } from './common';

/**
 * The bulk emails a founder can turn off by one click (issue 48, RFC 8058): the weekly saved-search
 * alert, the weekly summary of updates to bought contacts, the daily pipeline reminder.
 */
export const BULK_EMAIL_KINDS = ['searchAlerts', 'updateEmails', 'pipelineReminders'] as const;
export type BulkEmailKind = (typeof BULK_EMAIL_KINDS)[number];

/**
 * An unsubscribe token (`UNSUBSCRIBE#<sha256 of token>` / `TOKEN`): 32 random bytes, found by its
 * hash (a read of the table does not give the link away), naming whose email and which kind it turns
 * off. One per founder and kind, used in every email of that kind; it never expires.
 */
export const unsubscribeTokenModel = defineModel(
  'unsubscribeToken',
  z.object({ tokenHash: z.string(), userId: z.string(), kind: z.enum(BULK_EMAIL_KINDS), createdAt: isoDate }),
  (v) => ({ pk: `UNSUBSCRIBE#${v.tokenHash}`, sk: 'TOKEN' }),
);
export type UnsubscribeToken = z.infer<typeof unsubscribeTokenModel.schema>;

/**
 * The founder's token of one kind (`UNSUBSCRIBE_OF#<userId>` / `<kind>`), so every email of the kind
 * carries the same link. Outside `USER#<id>`, so the functions that send bulk emails write no user item.
 */
export const founderUnsubscribeModel = defineModel(
  'founderUnsubscribe',
  z.object({ userId: z.string(), kind: z.enum(BULK_EMAIL_KINDS), token: z.string(), createdAt: isoDate }),
  (v) => ({ pk: `UNSUBSCRIBE_OF#${v.userId}`, sk: v.kind }),
);

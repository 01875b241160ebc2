import * as z from 'zod/mini';
import { defineModel, type TableKey } from '../model';
import { isoDate } from './common';
import { BULK_EMAIL_KINDS } from './unsubscribe-tokens';

/** The key of a founder's unsubscribe token of one kind. */
export const founderUnsubscribeKey = (userId: string, kind: string): TableKey => ({
  pk: `UNSUBSCRIBE_OF#${userId}`,
  sk: kind,
});

/**
 * The founder's token of one kind (`UNSUBSCRIBE_OF#<userId>` / `<kind>`), so every email of the kind
 * carries the same link. Outside `USER#<id>`, so the functions that send bulk emails write no user item.
 */
export const founderUnsubscribeModel = defineModel(
  'founderUnsubscribe',
  z.object({ userId: z.string(), kind: z.enum(BULK_EMAIL_KINDS), token: z.string(), createdAt: isoDate }),
  (v) => founderUnsubscribeKey(v.userId, v.kind),
);

import * as z from 'zod/mini';
import { searchableInvestorSchema } from './types';

/** How an entry was withdrawn or restored: its investor on a portal, this remedy, or an admin. */
export const WITHDRAWAL_VIAS = ['portal', 'remedy', 'admin'] as const;
export const withdrawalEventSchema = z.object({
  at: z.string(),
  action: z.enum(['withdrawn', 'restored']),
  /** The user id of the investor or admin; `request:<id>` for the remedy (nobody signed in). */
  by: z.string(),
  via: z.enum(WITHDRAWAL_VIAS),
  /** An admin's reason for a restore. */
  reason: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
});
export type WithdrawalEvent = z.infer<typeof withdrawalEventSchema>;

/** The withdrawal mark as stored (beside the entry, `INVESTOR#<id>` / `WITHDRAWN`). */
export const withdrawalMarkSchema = z.object({
  investorId: z.string(),
  /** The investor account whose listing is this entry, if any (a portal's). */
  userId: z._default(z.nullable(z.string()), null),
  /** Null once restored. */
  withdrawnAt: z.nullable(z.string()),
  name: z._default(z.string(), ''),
  firmName: z._default(z.nullable(z.string()), null),
  /** The entry as it was when it was withdrawn: what a restore writes back. */
  entry: z._default(z.nullable(searchableInvestorSchema), null),
  history: z._default(z.array(withdrawalEventSchema), []),
});
export type WithdrawalMark = z.infer<typeof withdrawalMarkSchema>;

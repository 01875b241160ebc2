import * as z from 'zod/mini';
import { CORRECTION_STATUSES, correctionRequestSchema } from '../../../../shared/privacy/correction-request';
import { DATA_REQUEST_ACTIONS, DATA_REQUEST_STATUSES } from '../../../../shared/privacy/data-requests';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate } from './common';

/**
 * A listed person's own request (issue 30, "This is me"): what they want for which investor, and the
 * code sent to the email the directory holds, hashed (scrypt, with its salt), and the emailed link's
 * secret, hashed. Single use, a few attempts at the code, the code valid 30 minutes and the link a
 * day; the item itself expires (TTL) 30 days after it was made.
 */
export const dataRequestKey = (id: string): TableKey => ({ pk: `DATA_REQUEST#${id}`, sk: 'REQUEST' });
export const dataRequestModel = defineModel(
  'dataRequest',
  z.object({
    id: z.string(),
    investorId: z.string(),
    investorName: z.string(),
    action: z.enum(DATA_REQUEST_ACTIONS),
    details: z.nullable(z.string()),
    codeHash: z.string(),
    codeSalt: z.string(),
    codeExpiresAt: isoDate,
    /**
     * The emailed link's secret, hashed (SHA-256: 32 random bytes need no slow hash), and until when
     * the link works (issue 48: it works alone, without the requester's page). Null on requests made
     * before links.
     */
    linkHash: z._default(z.nullable(z.string()), null),
    linkExpiresAt: z._default(z.nullable(isoDate), null),
    attempts: z.int().check(z.nonnegative()),
    status: z.enum(DATA_REQUEST_STATUSES),
    createdAt: isoDate,
    usedAt: z.nullable(isoDate),
  }),
  (v) => dataRequestKey(v.id),
);

export type DataRequestItem = z.infer<typeof dataRequestModel.schema>;

/** Open correction requests, oldest first (`gsi1`, sparse). */
const CORRECTIONS_OPEN = 'CORRECTIONS_OPEN';

/** The open correction requests, by creation (`gsi1`). */
export const openCorrections = accessPattern(
  { index: 'gsi1', params: [], description: 'The open correction requests (oldest first)' },
  () => ({ partition: CORRECTIONS_OPEN }),
);

export const correctionRequestKey = (id: string): TableKey => ({ pk: `CORRECTION#${id}`, sk: 'CORRECTION' });

/** A correction asked for by the person listed, code checked (issue 30): admins work them. */
export const correctionRequestModel = defineModel('correctionRequest', correctionRequestSchema, (v) => ({
  ...correctionRequestKey(v.id),
  ...(v.status === 'open' ? { gsi1pk: CORRECTIONS_OPEN, gsi1sk: `${v.createdAt}#${v.id}` } : {}),
}));
export type CorrectionRequestItem = z.infer<typeof correctionRequestModel.schema>;
export { CORRECTION_STATUSES };

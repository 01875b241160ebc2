import * as z from 'zod/mini';
import {
  WITHDRAWAL_VIAS,
  type WithdrawalEvent,
  type WithdrawalMark,
  withdrawalEventSchema,
  withdrawalMarkSchema,
} from '../investors/withdrawal-mark';
import {
  CORRECTION_STATUSES,
  type CorrectionRequest,
  correctionRequestSchema,
} from '../privacy/correction-request';
import {
  CODE_DIGITS,
  CORRECTION_DETAILS_MAX_LENGTH,
  DATA_REQUEST_ACTIONS,
  dataRequestMessages,
} from '../privacy/data-requests';
import { pageQuery } from './paging';
import { multiLine, singleLine } from './text';

export {
  CORRECTION_STATUSES,
  type CorrectionRequest,
  correctionRequestSchema,
  WITHDRAWAL_VIAS,
  type WithdrawalEvent,
  type WithdrawalMark,
  withdrawalEventSchema,
  withdrawalMarkSchema,
};

/**
 * The API contract of a listed person's own requests (issue 30) and of the admins' views of them:
 * "This is me: remove or correct my data" (public: a code to the email the directory holds, then the
 * code), the withdrawals (every entry hidden from founders, by its investor through a portal or by
 * this remedy, with its history, and an admin's restore), and the correction requests.
 */

/** A page of the withdrawals, correction requests and submissions queues: 20 a page, 50 at most. */
export const REQUESTS_PAGE_SIZE = 20;
export const REQUESTS_MAX_PAGE_SIZE = 50;
export const requestsPageQuery = z.object(pageQuery(REQUESTS_PAGE_SIZE, REQUESTS_MAX_PAGE_SIZE));

const requestId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Not a request id'));

const correctionDetails = multiLine(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(CORRECTION_DETAILS_MAX_LENGTH, { error: dataRequestMessages.detailsRequired }),
    ),
);
const actionChoice = z.enum(DATA_REQUEST_ACTIONS, { error: 'Choose what you want: hide or correct.' });
const detailsWhenCorrecting = <T extends { action?: string | undefined; details?: string | undefined }>() =>
  z.refine<T>((body) => body.action !== 'correct' || (body.details ?? '').trim() !== '', {
    error: dataRequestMessages.detailsRequired,
    path: ['details'],
  });

/** POST /investors/{investorId}/data-requests: what the person wants, and for a correction what is wrong. */
export const createDataRequestBody = z
  .strictObject({ action: actionChoice, details: z.optional(correctionDetails) })
  .check(detailsWhenCorrecting());
export type CreateDataRequestBody = z.input<typeof createDataRequestBody>;

/**
 * The answer: the request to confirm with the code. No address: the code went to the one we hold.
 * `alreadySent`: a code for this investor went out earlier today and its request is still pending, so
 * no new email was sent (one a day, issue 48); its link, or its code while valid, confirms it.
 */
export const dataRequestCreatedSchema = z.object({
  requestId: z.string(),
  action: z.enum(DATA_REQUEST_ACTIONS),
  codeExpiresAt: z.string(),
  alreadySent: z._default(z.boolean(), false),
});
export type DataRequestCreated = z.infer<typeof dataRequestCreatedSchema>;

export const dataRequestParams = z.object({ requestId });

/** The emailed link's secret (base64url of 32 random bytes). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /data-requests/{requestId}/confirm: the code from the email, or the link's secret (the link
 * works alone: issue 48). The person who holds either may say what they want now (`action`, and for
 * a correction `details`); without it the request is carried out as it was asked.
 */
export const confirmDataRequestBody = z
  .strictObject({
    code: z.optional(
      z
        .string(dataRequestMessages.codeFormat)
        .check(
          singleLine(),
          z.maxLength(20, dataRequestMessages.codeFormat),
          z.minLength(1, dataRequestMessages.codeFormat),
        ),
    ),
    token: z.optional(
      z.string().check(singleLine(), z.regex(LINK_TOKEN_PATTERN, dataRequestMessages.linkInvalid)),
    ),
    action: z.optional(actionChoice),
    details: z.optional(correctionDetails),
  })
  .check(
    z.refine((body) => (body.code === undefined) !== (body.token === undefined), {
      error: dataRequestMessages.codeFormat,
      path: ['code'],
    }),
    detailsWhenCorrecting(),
  );
export type ConfirmDataRequestBody = z.input<typeof confirmDataRequestBody>;

export const DATA_REQUEST_OUTCOMES = ['hidden', 'alreadyHidden', 'correctionRequested'] as const;
export const dataRequestConfirmedSchema = z.object({
  action: z.enum(DATA_REQUEST_ACTIONS),
  outcome: z.enum(DATA_REQUEST_OUTCOMES),
});
export type DataRequestConfirmed = z.infer<typeof dataRequestConfirmedSchema>;

/** One withdrawal as admins see it. */
export const adminWithdrawalSchema = z.object({
  investorId: z.string(),
  name: z.string(),
  firmName: z.nullable(z.string()),
  withdrawn: z.boolean(),
  withdrawnAt: z.nullable(z.string()),
  /** A restore needs the copy kept at the withdrawal (marks written before copies were kept have none). */
  restorable: z.boolean(),
  listedBy: z.nullable(z.string()),
  history: z.array(withdrawalEventSchema),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsResponse = z.object({
  withdrawals: z.array(adminWithdrawalSchema),
  cursor: z.nullable(z.string()),
});
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponse>;

export const withdrawalParams = z.object({
  investorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an investor id')),
});

export const RESTORE_REASON_MAX_LENGTH = 1000;
export const RESTORE_REASON_REQUIRED = `Say why the entry is restored (at most ${RESTORE_REASON_MAX_LENGTH} characters).`;
/** POST /admin/withdrawals/{investorId}/restore: why (recorded with who and when). */
export const restoreWithdrawalBody = z.strictObject({
  reason: multiLine(
    z
      .string(RESTORE_REASON_REQUIRED)
      .check(
        z.trim(),
        z.minLength(1, RESTORE_REASON_REQUIRED),
        z.maxLength(RESTORE_REASON_MAX_LENGTH, RESTORE_REASON_REQUIRED),
      ),
  ),
});
export type RestoreWithdrawalBody = z.input<typeof restoreWithdrawalBody>;

export const withdrawalMessages = {
  notFound: 'This investor was never withdrawn.',
  notWithdrawn: 'This entry is not withdrawn: it is in the directory.',
  noCopy:
    'This entry was withdrawn before withdrawals kept a copy of it, so it cannot be restored here: import it again.',
  changed: 'This withdrawal changed while you were restoring it. Reload the list and try again.',
} as const;

export const correctionRequestsResponse = z.object({
  corrections: z.array(correctionRequestSchema),
  cursor: z.nullable(z.string()),
});
export type CorrectionRequestsResponse = z.infer<typeof correctionRequestsResponse>;

export const correctionParams = z.object({ requestId });

export const CLOSE_NOTE_MAX_LENGTH = 1000;
/** POST /admin/correction-requests/{requestId}/close: what was done (optional), recorded with who and when. */
export const closeCorrectionBody = z.strictObject({
  note: z._default(
    multiLine(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(CLOSE_NOTE_MAX_LENGTH, `The note must be at most ${CLOSE_NOTE_MAX_LENGTH} characters.`),
        ),
    ),
    '',
  ),
});
export type CloseCorrectionBody = z.input<typeof closeCorrectionBody>;

export const correctionMessages = {
  notFound: 'No correction request of this id.',
  alreadyClosed: 'This correction request is already closed.',
} as const;

export const CODE_PATTERN = new RegExp(`^\\d{${CODE_DIGITS}}$`);

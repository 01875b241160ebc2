import { createHash, randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type {
  AdminWithdrawal,
  CorrectionRequest,
  CreateDataRequestBody,
  DataRequestConfirmed,
  DataRequestCreated,
} from '../../../shared/api/investor-requests';
import { correctionMessages } from '../../../shared/api/investor-requests';
import { BRAND } from '../../../shared/messages';
import {
  attemptsLeft,
  CODE_DIGITS,
  CODE_VALID_MINUTES,
  codeRefusal,
  DATA_REQUEST_LIMITS,
  type DataRequestAction,
  LINK_VALID_HOURS,
  linkRefusal,
  MAX_CODE_ATTEMPTS,
  dataRequestMessages as messages,
  normaliseCode,
  type RateLimitScope,
  rateWindowEnd,
  rateWindowStart,
  refusalMessage,
} from '../../../shared/privacy/data-requests';
import { siteConfig } from '../config';
import { sendEmail } from '../email';
import { BadRequestError, ConflictError, HttpError, NotFoundError, TooManyRequestsError } from '../errors';
import { logger } from '../observability/logger';
import type { DataRequestItem, WithdrawalMark } from '../table/models';
import { getContactSheet } from '../table/repositories/contacts';
import {
  claimRateWindow,
  closeCorrectionRequest,
  countCodeAttempt,
  getCorrectionRequest,
  getDataRequest,
  listOpenCorrectionRequests,
  markDataRequestUsed,
  putCorrectionRequest,
  putDataRequest,
  releaseDataRequest,
  releaseRateWindow,
  takeRateSlot,
} from '../table/repositories/data-requests';
import { getEntryHolder, listWithdrawalMarks } from '../table/repositories/investor-listings';
import { getImportedInvestor, getSearchableInvestor } from '../table/repositories/investors';
import { withdrawEntry, withdrawHoldingListing } from './listing';

/**
 * "This is me: remove or correct my data" (issue 30; docs/decisions.md, "Investor identity and
 * removal"): anyone may ask, on any investor's public profile; a code goes to the email address the
 * directory holds for that investor (never one the requester types), with a link that works alone
 * (issue 48: the request and a secret of its own, valid a day); the code, entered with the request id,
 * or the link hides the entry from founders at once (like a portal withdrawal) or opens a correction
 * request for admins. Codes are hashed at rest (scrypt), valid 30 minutes, tried 5 times at most, used
 * once. One email per investor a day: a request while that email's request is pending reuses it
 * (nothing is sent, nobody is blocked); requests are limited per requesting address too.
 */

export { TooManyRequestsError };

/** 503: the code could not be sent (SES refused): nothing was changed, try again. */
export class CodeNotSentError extends HttpError {
  override readonly name = 'CodeNotSentError';
  constructor() {
    super(503, 'unavailable', messages.notSent);
  }
}

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;

/** The code's hash at rest: scrypt with the request's own random salt. */
export async function hashCode(code: string, salt: string): Promise<string> {
  return (await scryptAsync(code, salt, 32)).toString('base64');
}

async function codeMatches(request: DataRequestItem, typed: string): Promise<boolean> {
  const given = Buffer.from(await hashCode(normaliseCode(typed), request.codeSalt), 'base64');
  const stored = Buffer.from(request.codeHash, 'base64');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The email the directory holds for an investor: its sheet's, else its linked record's; null if none. */
async function heldEmail(investorId: string): Promise<{ email: string; name: string } | null> {
  const investor = await getSearchableInvestor(investorId);
  if (!investor) throw new NotFoundError(messages.notFound);
  const sheet = await getContactSheet(investor);
  const fromSheet = sheet.fields.email?.value?.trim();
  if (fromSheet) return { email: fromSheet, name: investor.name };
  const linked = await getImportedInvestor(investor.importedInvestorId);
  const fromRecord = linked?.email?.trim();
  return fromRecord ? { email: fromRecord, name: investor.name } : null;
}

const hashedKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** One slot of a limit's current window, or a 429 saying which limit and what to do. */
async function takeSlot(scope: RateLimitScope, key: string, now: Date): Promise<void> {
  const limit = DATA_REQUEST_LIMITS[scope];
  const start = rateWindowStart(now, limit.windowHours);
  if (!(await takeRateSlot(scope, hashedKey(key), start, rateWindowEnd(start, limit.windowHours), limit.max)))
    throw new TooManyRequestsError(
      scope === 'perInvestor' ? messages.tooManyForInvestor : messages.tooManyFromAddress,
    );
}

/** The page the emailed link opens: the request, its secret and the action asked (in the fragment, never sent to a server's logs). */
export function confirmLink(requestId: string, token: string, action: DataRequestAction): string {
  return `${siteConfig().SITE_URL}/this-is-me#request=${encodeURIComponent(requestId)}&token=${token}&action=${action}`;
}

/** The email with the code (single-line subject; the person's name and what the code will do). */
export function codeEmail(to: string, name: string, action: DataRequestAction, code: string, link: string) {
  const privacy = `${siteConfig().SITE_URL}/privacy`;
  return {
    to,
    subject: `Your ${BRAND} code: ${code}`,
    text: [
      `Someone (we hope you) asked ${BRAND} to ${action === 'hide' ? 'hide' : 'correct'} the directory entry "${name}", which holds this email address.`,
      '',
      `Your code: ${code}`,
      '',
      `It is valid for ${CODE_VALID_MINUTES} minutes. Enter it on the page where you asked. ${
        action === 'hide'
          ? 'The entry is then hidden from founders at once.'
          : 'An admin then reads your correction and fixes the entry.'
      }`,
      '',
      `Or open this link, from any browser, for ${LINK_VALID_HOURS} hours (it works on its own, and you may still choose to hide or correct the entry there):`,
      link,
      '',
      'If you did not ask, ignore this email: nothing changes without the code or the link.',
      '',
      `What we keep about investors, where it comes from and how to be removed: ${privacy}`,
    ].join('\n'),
  };
}

/**
 * POST /investors/{investorId}/data-requests (public): checks the limit per requesting address, then
 * sends a code and a link to the email the directory holds for the investor, once a day per investor:
 * while the request that day's email carries is pending, a new request answers it (`alreadySent`)
 * and sends nothing. 404 for an unknown investor; 409 when the directory holds no email (the message
 * says how to reach us); 429 when that day's request was used or has expired.
 */
export async function createDataRequest(
  investorId: string,
  body: CreateDataRequestBody,
  requesterAddress: string,
  now: Date,
): Promise<DataRequestCreated> {
  const held = await heldEmail(investorId);
  if (!held) throw new ConflictError(messages.noEmail);
  await takeSlot('perAddress', requesterAddress, now);
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const token = randomBytes(32).toString('base64url');
  const salt = randomUUID();
  const request: DataRequestItem = {
    id: randomUUID(),
    investorId,
    investorName: held.name,
    action: body.action,
    details: body.action === 'correct' ? (body.details ?? '').trim() : null,
    codeHash: await hashCode(code, salt),
    codeSalt: salt,
    codeExpiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000).toISOString(),
    linkHash: sha256(token),
    linkExpiresAt: new Date(now.getTime() + LINK_VALID_HOURS * 3_600_000).toISOString(),
    attempts: 0,
    status: 'pending',
    createdAt: now.toISOString(),
    usedAt: null,
  };
  // Written before the window is claimed: a window never names a request that does not exist.
  await putDataRequest(request);
  const { windowHours } = DATA_REQUEST_LIMITS.perInvestor;
  const day = rateWindowStart(now, windowHours);
  const investorKey = hashedKey(investorId);
  const holder = await claimRateWindow(
    'perInvestor',
    investorKey,
    day,
    rateWindowEnd(day, windowHours),
    request.id,
  );
  if (holder !== null) {
    const pending = holder ? await getDataRequest(holder) : null;
    if (!pending || linkRefusal(pending, now) !== null)
      throw new TooManyRequestsError(messages.tooManyForInvestor);
    return {
      requestId: pending.id,
      action: body.action,
      codeExpiresAt: pending.codeExpiresAt,
      alreadySent: true,
    };
  }
  try {
    await sendEmail(
      codeEmail(held.email, held.name, body.action, code, confirmLink(request.id, token, body.action)),
    );
  } catch (error) {
    logger.error('the code of a data request was not sent', { requestId: request.id, error });
    await releaseRateWindow('perInvestor', investorKey, day, request.id);
    throw new CodeNotSentError();
  }
  return {
    requestId: request.id,
    action: request.action,
    codeExpiresAt: request.codeExpiresAt,
    alreadySent: false,
  };
}

/** Why a code cannot be tried now, as the 409 that says so. */
async function refusal(requestId: string, now: Date): Promise<HttpError> {
  const current = await getDataRequest(requestId);
  if (!current) return new NotFoundError(messages.unknownRequest);
  return new ConflictError(refusalMessage(codeRefusal(current, now) ?? 'locked'));
}

/** Carries out a request whose code was right: hide the entry, or open a correction for admins. */
async function carryOut(request: DataRequestItem, now: Date): Promise<DataRequestConfirmed['outcome']> {
  if (request.action === 'correct') {
    await putCorrectionRequest({
      id: request.id,
      investorId: request.investorId,
      investorName: request.investorName,
      details: request.details ?? '',
      createdAt: now.toISOString(),
      status: 'open',
      closedAt: null,
      closedBy: null,
      note: null,
    });
    return 'correctionRequested';
  }
  const by = `request:${request.id}`;
  const holder = await getEntryHolder(request.investorId);
  const outcome = await withdrawEntry(
    request.investorId,
    { by, via: 'remedy', requestId: request.id },
    holder?.userId ?? null,
    now,
  );
  await withdrawHoldingListing(request.investorId, by, now);
  return outcome === 'withdrawn' ? 'hidden' : 'alreadyHidden';
}

/** What proves the email: the code (with the request id), or the emailed link's secret. */
export type DataRequestProof = { code: string } | { token: string };

/** What the person wants now, if they say (else what was asked). */
export interface DataRequestChoice {
  action?: DataRequestAction | undefined;
  details?: string | undefined;
}

/** A request whose link's secret is `token`, if it may be used now; else the error that says why. */
async function checkLink(requestId: string, token: string, now: Date): Promise<DataRequestItem> {
  const request = await getDataRequest(requestId);
  if (!request) throw new NotFoundError(messages.unknownRequest);
  const stored = Buffer.from(request.linkHash ?? '', 'base64');
  const given = Buffer.from(sha256(token), 'base64');
  if (stored.length !== given.length || !timingSafeEqual(stored, given))
    throw new BadRequestError(messages.linkInvalid);
  const refused = linkRefusal(request, now);
  if (refused) throw new ConflictError(messages[refused]);
  return request;
}

/**
 * POST /data-requests/{requestId}/confirm (public): the code, tried at most 5 times while valid and
 * unused, or the emailed link's secret while the link works (a day; a wrong secret is a 400, not a
 * try: it cannot be guessed); then used once. The holder of either may choose the action now (the
 * request of a pending day's email may have been asked by someone else). A wrong code is a 400 saying
 * how many tries are left; an expired, used or locked request a 409 saying to ask for a new code. If
 * carrying out the request fails, it is given back (the person may try again) and the error answered.
 */
export async function confirmDataRequest(
  requestId: string,
  proof: DataRequestProof,
  now: Date,
  choice: DataRequestChoice = {},
): Promise<DataRequestConfirmed> {
  let checked: DataRequestItem;
  if ('token' in proof) checked = await checkLink(requestId, proof.token, now);
  else {
    const counted = await countCodeAttempt(requestId, MAX_CODE_ATTEMPTS, now);
    if (!counted) throw await refusal(requestId, now);
    if (!(await codeMatches(counted, proof.code)))
      throw new BadRequestError(messages.wrongCode(attemptsLeft(counted.attempts)));
    checked = counted;
  }
  const chosen: DataRequestItem = choice.action
    ? {
        ...checked,
        action: choice.action,
        details: choice.action === 'correct' ? (choice.details ?? '').trim() : null,
      }
    : checked;
  const at = now.toISOString();
  if (!(await markDataRequestUsed(requestId, at))) throw new ConflictError(messages.used);
  try {
    return { action: chosen.action, outcome: await carryOut(chosen, now) };
  } catch (error) {
    await releaseDataRequest(requestId, at);
    throw error;
  }
}

/** GET /admin/withdrawals: a page of withdrawals (and restores), the latest first, with their history. */
export async function listWithdrawals(
  cursor: string | null,
  limit: number,
): Promise<{ withdrawals: AdminWithdrawal[]; cursor: string | null }> {
  const page = await listWithdrawalMarks(cursor, limit);
  return { withdrawals: page.items.map(adminWithdrawalOf), cursor: page.cursor };
}

export const adminWithdrawalOf = (mark: WithdrawalMark): AdminWithdrawal => ({
  investorId: mark.investorId,
  name: mark.name || mark.entry?.name || mark.investorId,
  firmName: mark.firmName ?? mark.entry?.firmName ?? null,
  withdrawn: mark.withdrawnAt !== null,
  withdrawnAt: mark.withdrawnAt,
  restorable: mark.withdrawnAt !== null && mark.entry !== null,
  listedBy: mark.userId,
  history:
    mark.history.length > 0 || !mark.withdrawnAt
      ? mark.history
      : // A mark from before histories: its one withdrawal, by its investor on a portal.
        [
          {
            at: mark.withdrawnAt,
            action: 'withdrawn',
            by: mark.userId ?? '',
            via: 'portal',
            reason: null,
            requestId: null,
          },
        ],
});

/** GET /admin/correction-requests: a page of the open correction requests, oldest first. */
export async function listCorrections(
  cursor: string | null,
  limit: number,
): Promise<{ corrections: CorrectionRequest[]; cursor: string | null }> {
  const page = await listOpenCorrectionRequests(cursor, limit);
  return { corrections: page.items, cursor: page.cursor };
}

/** POST /admin/correction-requests/{requestId}/close: done (what was done, who, when). */
export async function closeCorrection(
  requestId: string,
  note: string,
  adminUserId: string,
  now: Date,
): Promise<CorrectionRequest> {
  const request = await getCorrectionRequest(requestId);
  if (!request) throw new NotFoundError(correctionMessages.notFound);
  if (request.status === 'closed') throw new ConflictError(correctionMessages.alreadyClosed);
  const closed: CorrectionRequest = {
    ...request,
    status: 'closed',
    closedAt: now.toISOString(),
    closedBy: adminUserId,
    note: note.trim() || null,
  };
  if (!(await closeCorrectionRequest(closed))) throw new ConflictError(correctionMessages.alreadyClosed);
  return closed;
}

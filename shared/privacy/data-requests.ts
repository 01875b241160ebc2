/**
 * "This is me: remove or correct my data" (issue 30): the rules of a listed person's own request,
 * pure, for the server and the screens alike (docs/decisions.md, "Investor identity and removal").
 *
 * A request names the investor and what the person wants (hidden from founders, or a correction);
 * a code goes to the email address the directory holds for that investor, never to one typed by the
 * requester; entering the code carries the request out. Codes are short-lived, hashed at rest, tried
 * a few times at most and used once; requests are limited per investor and per requesting address.
 */

export const DATA_REQUEST_ACTIONS = ['hide', 'correct'] as const;
export type DataRequestAction = (typeof DATA_REQUEST_ACTIONS)[number];

/** How long a code is valid. */
export const CODE_VALID_MINUTES = 30;
/** Digits of a code. */
export const CODE_DIGITS = 6;
/**
 * How long the emailed link works (issue 48): the link carries the request and a secret of its own,
 * so it works alone, from any browser, however many times others asked for this investor that day.
 */
export const LINK_VALID_HOURS = 24;
/** Wrong codes a request takes before it is refused for good (a new code must be asked for). */
export const MAX_CODE_ATTEMPTS = 5;
/** The longest description of what is wrong, for a correction. */
export const CORRECTION_DETAILS_MAX_LENGTH = 2000;

/**
 * The rate limits of code requests, each a fixed window: per investor (one email a day: a request
 * while that email's request is pending reuses it, nobody can flood the person's inbox or block
 * them) and per requesting address (so nobody can ask for everyone's). Stated on the privacy page.
 */
export const DATA_REQUEST_LIMITS = {
  perInvestor: { max: 1, windowHours: 24 },
  perAddress: { max: 20, windowHours: 1 },
} as const;
export type RateLimitScope = keyof typeof DATA_REQUEST_LIMITS;

/** The start of the fixed window `now` falls in (UTC, aligned on the epoch), as ISO text. */
export function rateWindowStart(now: Date, windowHours: number): string {
  const size = windowHours * 3_600_000;
  return new Date(Math.floor(now.getTime() / size) * size).toISOString();
}

/** When the window that starts at `start` ends. */
export function rateWindowEnd(start: string, windowHours: number): Date {
  return new Date(Date.parse(start) + windowHours * 3_600_000);
}

export const DATA_REQUEST_STATUSES = ['pending', 'used'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** Why a code cannot be tried (null: it can). */
export type CodeRefusal = 'used' | 'expired' | 'locked';

/** Whether a request's code may be tried now: unused, unexpired, and with attempts left. */
export function codeRefusal(
  request: { status: DataRequestStatus; codeExpiresAt: string; attempts: number },
  now: Date,
): CodeRefusal | null {
  if (request.status === 'used') return 'used';
  if (request.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
  if (Date.parse(request.codeExpiresAt) <= now.getTime()) return 'expired';
  return null;
}

/** Attempts left after `attempts` wrong or right tries. */
export const attemptsLeft = (attempts: number): number => Math.max(0, MAX_CODE_ATTEMPTS - attempts);

/** A code as the person types it: spaces and dashes ignored. */
export const normaliseCode = (typed: string): string => typed.replace(/[\s-]/g, '');

export const dataRequestMessages = {
  button: 'This is me: remove or correct my data',
  noEmail:
    'We hold no email address for this investor, so we cannot send a code to check that it is you. Write to us instead (the address is on our privacy page) and we will help.',
  notFound: 'Investor not found',
  detailsRequired: `Tell us what is wrong (at most ${CORRECTION_DETAILS_MAX_LENGTH} characters).`,
  tooManyForInvestor:
    'We have already sent a code for this investor today, and its request was used or has expired. Try again tomorrow.',
  alreadySent:
    'We already sent a code for this investor today. Open the link in that email (it works all day, on its own), or enter its code here while it is valid.',
  tooManyFromAddress: `Too many requests from your connection: at most ${DATA_REQUEST_LIMITS.perAddress.max} an hour. Try again in an hour.`,
  notSent:
    'We could not send the code just now. Nothing was changed: try again in a few minutes, or write to us.',
  unknownRequest: 'This request is unknown or has expired: ask for a new code.',
  codeFormat: `Enter the ${CODE_DIGITS}-digit code from the email.`,
  wrongCode: (left: number) =>
    left > 0
      ? `That code is not the one we sent. Check the email and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
      : 'That code is not the one we sent, and that was the last try: ask for a new code.',
  used: 'This code was already used: your request was carried out. Ask for a new code to make another.',
  expired: `This code has expired (codes are valid for ${CODE_VALID_MINUTES} minutes): ask for a new code.`,
  locked: 'Too many wrong codes for this request: ask for a new code.',
  linkInvalid: 'This link is not the one we sent: open the link in the email again, or ask for a new code.',
  linkExpired: `This link has expired (links work for ${LINK_VALID_HOURS} hours): ask for a new code.`,
} as const;

/** Why the emailed link cannot be used now (null: it can). */
export function linkRefusal(
  request: { status: DataRequestStatus; linkExpiresAt: string | null },
  now: Date,
): 'used' | 'linkExpired' | null {
  if (request.status === 'used') return 'used';
  if (request.linkExpiresAt === null || Date.parse(request.linkExpiresAt) <= now.getTime())
    return 'linkExpired';
  return null;
}

/** The message of a refusal to try a code. */
export function refusalMessage(refusal: CodeRefusal): string {
  return dataRequestMessages[refusal];
}

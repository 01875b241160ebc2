/**
 * Errors of the callable functions (spec sections 7 and 8), shared by the server that answers and the
 * client that calls. The wire format is the callable-function envelope: `{ "data": ... }` on success,
 * `{ "error": { "code", "message" } }` on failure.
 */
import * as z from 'zod/mini';
import { messages } from '../messages';

/** The error codes a callable function can answer with. */
export const API_ERROR_CODES = [
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** An error code, or 'ok' for a 2xx status. */
export type CallableCode = ApiErrorCode | 'ok';

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

const CODE_BY_STATUS: ReadonlyMap<number, ApiErrorCode> = new Map([
  [0, 'internal'],
  [400, 'invalid-argument'],
  [401, 'unauthenticated'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [409, 'aborted'],
  [429, 'resource-exhausted'],
  [499, 'cancelled'],
  [500, 'internal'],
  [501, 'unimplemented'],
  [503, 'unavailable'],
  [504, 'deadline-exceeded'],
]);

/**
 * The code a client reads from an HTTP status (spec section 8): 'ok' for 2xx, the spec's table for the
 * listed statuses (0 and 500 both 'internal'), 'unknown' for any other status.
 */
export function codeForStatus(status: number): CallableCode {
  if (Number.isInteger(status) && status >= 200 && status < 300) return 'ok';
  return CODE_BY_STATUS.get(status) ?? 'unknown';
}

const STATUS_BY_CODE: Readonly<Record<CallableCode, number>> = {
  ok: 200,
  cancelled: 499,
  unknown: 500,
  'invalid-argument': 400,
  'deadline-exceeded': 504,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  'resource-exhausted': 429,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  'data-loss': 500,
  unauthenticated: 401,
};

/**
 * The HTTP status a server answers with for `code`: the inverse of {@link codeForStatus} for the codes in
 * the spec's table ('internal' and 'unknown' → 500), and the callable protocol's statuses for the others
 * ('already-exists' 409, 'failed-precondition' and 'out-of-range' 400, 'data-loss' 500).
 */
export function statusForCode(code: CallableCode): number {
  return STATUS_BY_CODE[code];
}

export interface ApiErrorOptions {
  /** Defaults to {@link statusForCode}(code). */
  readonly status?: number;
  readonly cause?: unknown;
}

/** A failed callable-function call, on either side of the wire. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? statusForCode(code);
  }
}

/** `{ "data": ... }`. The data field must be present; null is a valid value. */
export const apiSuccessEnvelopeSchema = z.object({ data: z.unknown() });

/** `{ "data": ... }` with the data checked by `dataSchema`. */
export function apiSuccessEnvelope<T extends z.core.$ZodType>(dataSchema: T) {
  return z.object({ data: dataSchema });
}

/** `{ "error": { "code", "message" } }` as a server writes it. */
export const apiErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string() }),
});
export type ApiErrorEnvelope = z.infer<typeof apiErrorEnvelopeSchema>;

/** The error envelope a server writes for `error`. */
export function toErrorEnvelope(error: ApiError): ApiErrorEnvelope {
  return { error: { code: error.code, message: error.message } };
}

function parseJsonObject(bodyText: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(bodyText);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function errorCodeOrUnknown(status: number): ApiErrorCode {
  const code = codeForStatus(status);
  return code === 'ok' ? 'unknown' : code;
}

/**
 * The `data` of a callable-function response, for the client. Throws an {@link ApiError}:
 * - for an error envelope (whatever the status): the server's code and message, falling back to the
 *   status's code (or 'unknown' on a 2xx) when the code is missing or not a known code, and to the code
 *   itself when the message is missing;
 * - for any other non-2xx response: the status's code, with the code as the message;
 * - for a 2xx body that is not a JSON object: 'internal', 'Response is not valid JSON object.';
 * - for a 2xx JSON object without `data`: 'internal', 'Response is missing data field.'.
 * Each error carries the response's status.
 */
export function parseApiResponse(status: number, bodyText: string): unknown {
  const body = parseJsonObject(bodyText);
  const envelope = body?.error;
  if (typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope)) {
    const { code: rawCode, message: rawMessage } = envelope as Record<string, unknown>;
    const code = isApiErrorCode(rawCode) ? rawCode : errorCodeOrUnknown(status);
    const message = typeof rawMessage === 'string' && rawMessage.trim() !== '' ? rawMessage : code;
    throw new ApiError(code, message, { status });
  }
  const statusCode = codeForStatus(status);
  if (statusCode !== 'ok') throw new ApiError(statusCode, statusCode, { status });
  if (!body) throw new ApiError('internal', messages.responseNotJsonObject, { status });
  if (!('data' in body)) throw new ApiError('internal', messages.responseMissingData, { status });
  return body.data;
}

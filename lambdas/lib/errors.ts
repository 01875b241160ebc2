/**
 * Typed errors the handlers throw. Each carries an HTTP status and the stable error code of the
 * spec's section 8; the HTTP layer turns them into `{ error: { code, message } }`. Anything else
 * becomes a generic 500 that echoes nothing internal.
 */
export type ErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'aborted'
  | 'resource-exhausted'
  | 'internal'
  | 'unavailable'
  | 'method-not-allowed';

export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class BadRequestError extends HttpError {
  override readonly name = 'BadRequestError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(400, 'invalid-argument', message, options);
  }
}

export class UnauthenticatedError extends HttpError {
  override readonly name = 'UnauthenticatedError';
  constructor(message = 'You are not logged in.') {
    super(401, 'unauthenticated', message);
  }
}

export class ForbiddenError extends HttpError {
  override readonly name = 'ForbiddenError';
  constructor(message = 'You do not have permission to do this.') {
    super(403, 'permission-denied', message);
  }
}

export class NotFoundError extends HttpError {
  override readonly name = 'NotFoundError';
  constructor(message: string) {
    super(404, 'not-found', message);
  }
}

/** A write that conflicts with the current state (already running, already purchased...). */
export class ConflictError extends HttpError {
  override readonly name = 'ConflictError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(409, 'aborted', message, options);
  }
}

/** A service we depend on (Stripe) failed or could not be reached; the message says what to do. */
export class BadGatewayError extends HttpError {
  override readonly name = 'BadGatewayError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, 'unavailable', message, options);
  }
}

/** A request body that is not JSON (its Content-Type says otherwise, or it has none): 415 with the spec's invalid-argument code. */
export class UnsupportedMediaTypeError extends HttpError {
  override readonly name = 'UnsupportedMediaTypeError';
  constructor(message = 'The request body must be JSON, sent with Content-Type: application/json.') {
    super(415, 'invalid-argument', message);
  }
}

/** A request body over the size any endpoint takes: 413 with the spec's invalid-argument code. */
export class PayloadTooLargeError extends HttpError {
  override readonly name = 'PayloadTooLargeError';
  constructor(message: string) {
    super(413, 'invalid-argument', message);
  }
}

/** 429: a rate limit was reached (the message says which and when to try again). */
export class TooManyRequestsError extends HttpError {
  override readonly name = 'TooManyRequestsError';
  constructor(message: string) {
    super(429, 'resource-exhausted', message);
  }
}

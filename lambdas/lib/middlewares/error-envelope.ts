import type { MiddlewareObj } from '@middy/core';
import { domainErrorAnswer } from '../domain-errors';
import { HttpError } from '../errors';
import { logger } from '../observability/logger';
import type { HttpContext, HttpEvent, HttpResult } from './http-types';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

/** A JSON answer with the headers every API response carries. */
export function json(statusCode: number, payload: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(payload),
  };
}

/**
 * The longest message an error answer carries. Messages echo at most a short excerpt of what was sent
 * (`excerpt` in shared/api/text.ts); this cap is the last guard, so that no input can make an answer
 * large, whatever message a future change builds.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 1000;

const capped = (message: string) =>
  message.length > MAX_ERROR_MESSAGE_LENGTH ? `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : message;

/**
 * The `{ error: { code, message } }` answer of a failed request: a typed `HttpError` answers with its
 * status, code and message (capped at {@link MAX_ERROR_MESSAGE_LENGTH} characters), a domain error
 * with its line of `domain-errors.ts`; anything else is
 * logged and answers a generic 500 that echoes nothing internal. A refusal (a 4xx: the request, not
 * the service, was wrong) is an ordinary outcome and is logged at info with its status and code
 * (issue 50), never as an error: errors are what someone must look at.
 */
export function errorResponse(thrown: unknown): HttpResult {
  const error = domainErrorAnswer(thrown) ?? thrown;
  if (error instanceof HttpError) {
    if (error.status >= 500) logger.error('request failed', { error });
    else logger.info('request refused', { status: error.status, code: error.code });
    return json(error.status, { error: { code: error.code, message: capped(error.message) } });
  }
  logger.error('unhandled error', { error: error as Error });
  return json(500, { error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } });
}

/** Turns an error thrown by any middleware or the endpoint into the error envelope. */
export function errorEnvelope(): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    onError: (request) => {
      request.response = errorResponse(request.error);
    },
  };
}

import Stripe from 'stripe';
import { logger } from '../observability/logger';

/**
 * What a failed Stripe call may be logged with: its kind and Stripe's request id, never the request
 * (it may hold an authorization code) nor anything Stripe echoed back.
 */
export function stripeErrorSummary(error: unknown): Record<string, string | number | null> {
  if (error instanceof Stripe.errors.StripeError)
    return {
      stripeErrorType: error.rawType ?? error.type,
      stripeErrorCode: error.code ?? null,
      statusCode: error.statusCode ?? null,
      stripeRequestId: error.requestId ?? null,
    };
  return { errorName: error instanceof Error ? error.name : typeof error };
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/**
 * Stripe's own error type ('invalid_grant', 'invalid_client', 'invalid_request_error'...): stripe-node
 * keeps it in `rawType` (its `type` is the class name). Null for anything that is not a Stripe error.
 */
export const stripeErrorType = (error: unknown): string | null =>
  isStripeError(error) ? (error.rawType ?? null) : null;

/** Logs a failed Stripe call with its summary only. */
export function logStripeFailure(message: string, error: unknown, keys: Record<string, string> = {}): void {
  logger.warn(message, { ...keys, ...stripeErrorSummary(error) });
}

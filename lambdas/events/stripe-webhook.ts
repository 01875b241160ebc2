import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import type Stripe from 'stripe';
import { type HttpEvent, type HttpResult, json } from '../lib/http';
import { errorEnvelope } from '../lib/middlewares/error-envelope';
import { observability } from '../lib/middlewares/observability';
import { logger } from '../lib/observability/logger';
import { handleStripeEvent } from '../lib/purchases/stripe-events';
import { InvalidWebhookSignatureError, verifyStripeEvent } from '../lib/stripe/signature';

/**
 * POST /stripe/webhook: Stripe's events. The signature is verified on the raw body first: a missing,
 * bad or stale one gets 400 and nothing is written. Each event is acted on under a claim with a lease
 * (`handleStripeEvent`, shared with the reconciler): a retry while another attempt holds the lease gets 409 and Stripe tries
 * again later; a failure answers 500 and drops the claim, so Stripe's retry acts.
 */
async function receiveStripeEvent(event: HttpEvent, context: Context): Promise<HttpResult> {
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64') : (event.body ?? '');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = await verifyStripeEvent(raw, event.headers['stripe-signature']);
  } catch (error) {
    if (!(error instanceof InvalidWebhookSignatureError)) throw error;
    logger.warn('refused a webhook call', { reason: error.message });
    return json(400, { error: { code: 'invalid-argument', message: 'Invalid Stripe signature.' } });
  }
  logger.appendKeys({ stripeEventId: stripeEvent.id, stripeEventType: stripeEvent.type });
  // The lease of the claim ends when this invocation would time out.
  const handled = await handleStripeEvent(stripeEvent, context);
  if (handled === 'in-progress')
    return json(409, { error: { code: 'aborted', message: 'This event is being handled. Retry later.' } });
  return json(200, { data: { received: true, outcome: handled.outcome } });
}

/** The webhook's middy chain: Powertools observability, header normalisation, the error envelope. */
export const handler = middy<HttpEvent, HttpResult, Error, Context>()
  .use(observability())
  .use(httpHeaderNormalizer())
  .use(errorEnvelope())
  .handler(receiveStripeEvent);

import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { Context } from 'aws-lambda';
import type Stripe from 'stripe';
import { type HttpEvent, type HttpResult, json } from '../lib/http';
import { errorEnvelope } from '../lib/middlewares/error-envelope';
import { observability } from '../lib/middlewares/observability';
import { logger } from '../lib/observability/logger';
import { countBusinessEvent } from '../lib/observability/metrics';
import { InvalidWebhookSignatureError, verifyStripeEvent } from '../lib/payments';
import { completeCheckout } from '../lib/purchases/checkout';
import { forgetStripeEvent, recordStripeEventOnce } from '../lib/table/repositories/stripe-events';

/**
 * POST /stripe/webhook: Stripe's events. The signature is verified on the raw body first: a missing,
 * bad or stale one gets 400 and nothing is written. Each event id is acted on once (a conditional
 * write claims it); if acting fails the claim is dropped and Stripe's retry may try again.
 */
async function receiveStripeEvent(event: HttpEvent): Promise<HttpResult> {
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

  const now = new Date();
  if (!(await recordStripeEventOnce(stripeEvent.id, stripeEvent.type, now))) {
    return json(200, { data: { received: true, duplicate: true } });
  }
  try {
    if (stripeEvent.type === 'checkout.session.completed') {
      const outcome = await completeCheckout(stripeEvent.data.object, now);
      if (outcome === 'delivering') countBusinessEvent('PaymentAccepted');
      if (outcome === 'flagged') countBusinessEvent('PaymentFlagged');
      return json(200, { data: { received: true, outcome } });
    }
    return json(200, { data: { received: true, outcome: 'ignored' } });
  } catch (error) {
    await forgetStripeEvent(stripeEvent.id);
    logger.error('could not act on a Stripe event', { error: error as Error });
    return json(500, {
      error: { code: 'internal', message: 'Something went wrong. Please try again later.' },
    });
  }
}

/** The webhook's middy chain: Powertools observability , header normalisation, the error envelope. */
export const handler = middy<HttpEvent, HttpResult, Error, Context>()
  .use(observability())
  .use(httpHeaderNormalizer())
  .use(errorEnvelope())
  .handler(receiveStripeEvent);

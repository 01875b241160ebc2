import type Stripe from 'stripe';
import { NodePlatformFunctions } from 'stripe-internal/platform/NodePlatformFunctions.js';
import { createWebhooks } from 'stripe-internal/Webhooks.js';
import { stripeWebhookSecret } from './secrets';

/**
 * stripe's own signature check, alone: the `Stripe.webhooks` that the package's Node entry builds, by
 * the same two calls. The package exports only entries that also build every API resource (about 230
 * KB the webhook never runs), so its files are reached by path (`stripe-internal/*`, tsconfig.json's
 * `paths`; docs/decisions.md, "The webhook loads stripe's signature check alone").
 */
const webhooks = createWebhooks(new NodePlatformFunctions());

/** Tolerance for the webhook signature's timestamp: older events are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class InvalidWebhookSignatureError extends Error {
  override readonly name = 'InvalidWebhookSignatureError';
}

/**
 * A signature that fails makes the webhook secret be read again at most once in this many seconds.
 * The webhook is public: without a bound, every request with a forged signature would cost a
 * GetSecretValue. After a real roll the first failing event reads the new secret, which is then the
 * cached one, so the events after it verify without reading; a roll that lands inside the interval is
 * picked up at the next read (at most `SECRET_MAX_AGE_SECONDS` later, `./secrets.ts`) and Stripe retries.
 */
export const WEBHOOK_SECRET_REREAD_INTERVAL_SECONDS = 60;
let lastRereadAt = Number.NEGATIVE_INFINITY;

/**
 * Verifies Stripe's signature on the raw body (with stripe's own check) and returns the event;
 * throws InvalidWebhookSignatureError on a missing, bad or stale signature. When the signature does
 * not verify with the cached secret, the secret is read once more before refusing (it may have been
 * rolled since it was cached).
 */
export async function verifyStripeEvent(
  rawBody: string | Buffer,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw new InvalidWebhookSignatureError('No Stripe-Signature header');
  const verify = (secretValue: string) =>
    webhooks.constructEventAsync(
      rawBody,
      signature,
      secretValue,
      WEBHOOK_TOLERANCE_SECONDS,
    ) as Promise<Stripe.Event>;
  const refuse = (cause: unknown) =>
    new InvalidWebhookSignatureError('The Stripe signature does not verify', { cause });
  const cached = await stripeWebhookSecret();
  try {
    return await verify(cached);
  } catch (firstFailure) {
    const now = Date.now();
    if (now - lastRereadAt < WEBHOOK_SECRET_REREAD_INTERVAL_SECONDS * 1000) throw refuse(firstFailure);
    lastRereadAt = now;
    const fresh = await stripeWebhookSecret(true);
    if (fresh === cached) throw refuse(firstFailure);
    try {
      return await verify(fresh);
    } catch (cause) {
      throw refuse(cause);
    }
  }
}

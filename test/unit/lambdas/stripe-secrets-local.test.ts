import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The Stripe secrets as the local home gives them: plain values in the environment, never read from
 * Secrets Manager. The Secrets Manager endpoint points at a closed port, so any read would fail the
 * test. The secret key is given neither way, to show the configuration error naming it.
 */
/** The three Stripe modules a function uses: its secrets, the webhook's signature check, the API client. */
type StripeModules = typeof import('../../../lambdas/lib/stripe/secrets') &
  typeof import('../../../lambdas/lib/stripe/signature') &
  typeof import('../../../lambdas/lib/stripe/client');
let payments: StripeModules;
let ConfigError: typeof import('../../../lambdas/lib/config').ConfigError;

beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    SECRETS_MANAGER_ENDPOINT: 'http://127.0.0.1:9',
    STRIPE_WEBHOOK_SECRET: 'whsec_local',
  });
  delete process.env.STRIPE_WEBHOOK_SECRET_ARN;
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_SECRET_KEY_ARN;
  payments = {
    ...(await import('../../../lambdas/lib/stripe/secrets')),
    ...(await import('../../../lambdas/lib/stripe/signature')),
    ...(await import('../../../lambdas/lib/stripe/client')),
  };
  ({ ConfigError } = await import('../../../lambdas/lib/config'));
});

const signedEvent = (secret: string) => {
  const payload = JSON.stringify({ id: 'evt_local', object: 'event', type: 'ping' });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

describe('Stripe secrets in the local home (plain environment values)', () => {
  it('verifies a webhook event with the secret from the environment', async () => {
    const { payload, signature } = signedEvent('whsec_local');

    expect((await payments.verifyStripeEvent(payload, signature)).type).toBe('ping');
  });

  it('refuses a bad signature without trying Secrets Manager', async () => {
    const { payload, signature } = signedEvent('whsec_other');

    await expect(payments.verifyStripeEvent(payload, signature)).rejects.toBeInstanceOf(
      payments.InvalidWebhookSignatureError,
    );
  });

  it('refuses a request without a Stripe-Signature header', async () => {
    await expect(payments.verifyStripeEvent('{}', undefined)).rejects.toThrow('No Stripe-Signature header');
  });

  it('names the secret key when it is given neither as a value nor as an ARN', async () => {
    const missing = payments.stripeClient();

    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(
      'Missing Stripe configuration: STRIPE_SECRET_KEY (or STRIPE_SECRET_KEY_ARN)',
    );
  });
});

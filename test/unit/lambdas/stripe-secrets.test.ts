import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The Stripe secrets as a function on AWS reads them: Powertools' SecretsProvider over the AWS SDK,
 * against a stand-in for Secrets Manager's GetSecretValue (a real AWS account cannot run here). The
 * stand-in serves whatever value the test has "put", and counts the reads.
 */
const WEBHOOK_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:webhook-AbCdEf';
const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:key-AbCdEf';
const stored = new Map<string, string>([
  [WEBHOOK_ARN, 'whsec_first'],
  [KEY_ARN, 'sk_test_first'],
]);
const reads: string[] = [];

const secretsManager = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { SecretId } = JSON.parse(body) as { SecretId: string };
    reads.push(SecretId);
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ ARN: SecretId, Name: SecretId, SecretString: stored.get(SecretId) }));
  });
});

let payments: typeof import('../../../lambdas/lib/payments');

beforeAll(async () => {
  await new Promise<void>((resolve) => secretsManager.listen(0, '127.0.0.1', resolve));
  const { port } = secretsManager.address() as AddressInfo;
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    SECRETS_MANAGER_ENDPOINT: `http://127.0.0.1:${port}`,
    STRIPE_WEBHOOK_SECRET_ARN: WEBHOOK_ARN,
    STRIPE_SECRET_KEY_ARN: KEY_ARN,
  });
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_SECRET_KEY;
  payments = await import('../../../lambdas/lib/payments');
});

afterAll(() => {
  secretsManager.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const signed = (secret: string) => {
  const payload = JSON.stringify({ id: `evt_${Math.random()}`, object: 'event', type: 'ping' });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

describe('Stripe secrets from Secrets Manager, with a time limit', () => {
  it('reads the webhook secret once, then uses it from memory while it is fresh', async () => {
    reads.length = 0;
    for (let i = 0; i < 3; i++) {
      const { payload, signature } = signed('whsec_first');
      expect((await payments.verifyStripeEvent(payload, signature)).type).toBe('ping');
    }
    expect(reads).toEqual([WEBHOOK_ARN]);
  });

  it('reads a rolled webhook secret again once when a signature fails, and accepts the event', async () => {
    reads.length = 0;
    stored.set(WEBHOOK_ARN, 'whsec_rolled');
    const { payload, signature } = signed('whsec_rolled');

    expect((await payments.verifyStripeEvent(payload, signature)).type).toBe('ping');
    expect(reads).toEqual([WEBHOOK_ARN]);
    // The new value is now the cached one.
    const again = signed('whsec_rolled');
    await payments.verifyStripeEvent(again.payload, again.signature);
    expect(reads).toEqual([WEBHOOK_ARN]);
  });

  it('refuses a bad signature after one more read, never more', async () => {
    reads.length = 0;
    const { payload, signature } = signed('whsec_attacker');

    await expect(payments.verifyStripeEvent(payload, signature)).rejects.toBeInstanceOf(
      payments.InvalidWebhookSignatureError,
    );
    expect(reads).toEqual([WEBHOOK_ARN]);
  });

  it('picks up a rolled secret key after the maximum age, with a new Stripe client', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    reads.length = 0;
    const first = await payments.stripeClient();
    expect(await payments.stripeClient()).toBe(first);
    expect(reads).toEqual([KEY_ARN]);

    stored.set(KEY_ARN, 'sk_test_rolled');
    vi.setSystemTime(Date.now() + (payments.SECRET_MAX_AGE_SECONDS - 10) * 1000);
    expect(await payments.stripeClient()).toBe(first);
    expect(reads).toEqual([KEY_ARN]);

    vi.setSystemTime(Date.now() + 20 * 1000);
    const rebuilt = await payments.stripeClient();
    expect(rebuilt).not.toBe(first);
    expect(reads).toEqual([KEY_ARN, KEY_ARN]);
    expect(await payments.stripeClient()).toBe(rebuilt);
  });

  it('says which secret is empty', async () => {
    stored.set(WEBHOOK_ARN, '');
    const { payload, signature } = signed('whsec_unknown');

    await expect(payments.verifyStripeEvent(payload, signature)).rejects.toThrow(
      /The secret STRIPE_WEBHOOK_SECRET is empty/,
    );
  });
});

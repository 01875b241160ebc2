import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Stripe secrets as a function on AWS reads them: Powertools' SecretsProvider over the AWS SDK,
 * against a stand-in for Secrets Manager's GetSecretValue on the loopback interface (a real AWS
 * account cannot run here; it is the only thing faked). The stand-in serves whatever value the test
 * has "put", and records each read with the request's own SecretId.
 */
const WEBHOOK_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:webhook-AbCdEf';
const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:key-AbCdEf';
const stored = new Map<string, string>();
const reads: string[] = [];

const secretsManager = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const target = req.headers['x-amz-target'];
    const { SecretId } = JSON.parse(body) as { SecretId: string };
    if (target !== 'secretsmanager.GetSecretValue' || !stored.has(SecretId)) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: `${target} ${SecretId}` }));
      return;
    }
    reads.push(SecretId);
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ ARN: SecretId, Name: SecretId, SecretString: stored.get(SecretId) }));
  });
});

/** The three Stripe modules a function uses: its secrets, the webhook's signature check, the API client. */
type StripeModules = typeof import('../../../lambdas/lib/stripe/secrets') &
  typeof import('../../../lambdas/lib/stripe/signature') &
  typeof import('../../../lambdas/lib/stripe/client');
let payments: StripeModules;

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
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => secretsManager.close((e) => (e ? reject(e) : resolve())));
});

/** Each test is a fresh cold start: its own secret cache, re-read bound and Stripe client. */
beforeEach(async () => {
  stored.clear();
  stored.set(WEBHOOK_ARN, 'whsec_first');
  stored.set(KEY_ARN, 'sk_test_first');
  reads.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.resetModules();
  payments = {
    ...(await import('../../../lambdas/lib/stripe/secrets')),
    ...(await import('../../../lambdas/lib/stripe/signature')),
    ...(await import('../../../lambdas/lib/stripe/client')),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

const signedEvent = (secret: string) => {
  const payload = JSON.stringify({ id: `evt_${Math.random()}`, object: 'event', type: 'ping' });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
const verify = ({ payload, signature }: { payload: string; signature: string }) =>
  payments.verifyStripeEvent(payload, signature);
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

describe('the Stripe webhook secret from Secrets Manager', () => {
  it('is read once, then used from memory while it is fresh', async () => {
    for (let i = 0; i < 3; i++) expect((await verify(signedEvent('whsec_first'))).type).toBe('ping');

    expect(reads).toEqual([WEBHOOK_ARN]);
  });

  it('is read again after the maximum age of five minutes, not before', async () => {
    expect(payments.SECRET_MAX_AGE_SECONDS).toBe(300);
    await verify(signedEvent('whsec_first'));

    later(payments.SECRET_MAX_AGE_SECONDS - 1);
    await verify(signedEvent('whsec_first'));
    expect(reads).toEqual([WEBHOOK_ARN]);

    later(2);
    await verify(signedEvent('whsec_first'));
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);
  });

  it('rolled: the cached secret fails, it is read once more, and the event is accepted', async () => {
    await verify(signedEvent('whsec_first'));
    stored.set(WEBHOOK_ARN, 'whsec_rolled');

    const event = await verify(signedEvent('whsec_rolled'));

    expect(event.type).toBe('ping');
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);
    // The rolled secret is now the cached one: the next event verifies without a read.
    await verify(signedEvent('whsec_rolled'));
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);
  });

  it('refuses a signature that the secret read again does not verify either, after exactly one more read', async () => {
    await verify(signedEvent('whsec_first'));
    stored.set(WEBHOOK_ARN, 'whsec_rolled');

    await expect(verify(signedEvent('whsec_attacker'))).rejects.toBeInstanceOf(
      payments.InvalidWebhookSignatureError,
    );
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);
  });

  it('refuses a bad signature when the secret has not changed, after exactly one more read', async () => {
    await verify(signedEvent('whsec_first'));

    const refused = verify(signedEvent('whsec_attacker'));

    await expect(refused).rejects.toBeInstanceOf(payments.InvalidWebhookSignatureError);
    await expect(refused).rejects.toThrow('The Stripe signature does not verify');
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);
  });

  it('reads again for failing signatures at most once a minute, so forged requests cannot drive the reads', async () => {
    await verify(signedEvent('whsec_first'));
    for (let i = 0; i < 5; i++) {
      await expect(verify(signedEvent('whsec_attacker'))).rejects.toBeInstanceOf(
        payments.InvalidWebhookSignatureError,
      );
    }
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN]);

    later(payments.WEBHOOK_SECRET_REREAD_INTERVAL_SECONDS + 1);
    stored.set(WEBHOOK_ARN, 'whsec_rolled');
    expect((await verify(signedEvent('whsec_rolled'))).type).toBe('ping');
    expect(reads).toEqual([WEBHOOK_ARN, WEBHOOK_ARN, WEBHOOK_ARN]);
  });

  it('says which secret is empty', async () => {
    stored.set(WEBHOOK_ARN, '');

    await expect(verify(signedEvent('whsec_unknown'))).rejects.toThrow(
      /The secret STRIPE_WEBHOOK_SECRET is empty/,
    );
  });
});

describe('the Stripe secret key from Secrets Manager', () => {
  it('builds one Stripe client while the key is fresh, and a new one for a rolled key after the maximum age', async () => {
    const first = await payments.stripeClient();
    expect(await payments.stripeClient()).toBe(first);
    expect(reads).toEqual([KEY_ARN]);

    stored.set(KEY_ARN, 'sk_test_rolled');
    later(payments.SECRET_MAX_AGE_SECONDS - 10);
    expect(await payments.stripeClient()).toBe(first);
    expect(reads).toEqual([KEY_ARN]);

    later(20);
    const rebuilt = await payments.stripeClient();
    expect(rebuilt).not.toBe(first);
    expect(reads).toEqual([KEY_ARN, KEY_ARN]);
    expect(await payments.stripeClient()).toBe(rebuilt);
  });

  it('keeps the same client when the key read again after the maximum age has not changed', async () => {
    const first = await payments.stripeClient();

    later(payments.SECRET_MAX_AGE_SECONDS + 1);

    expect(await payments.stripeClient()).toBe(first);
    expect(reads).toEqual([KEY_ARN, KEY_ARN]);
  });
});

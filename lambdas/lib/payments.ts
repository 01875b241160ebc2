import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { instrumented } from './clients/instrument';
import { awsConfig, ConfigError } from './config';

/**
 * Stripe: secrets come from Secrets Manager on AWS (`*_ARN` variables) through Powertools'
 * SecretsProvider, kept for {@link SECRET_MAX_AGE_SECONDS} so that a rolled key is picked up within
 * minutes without a cold start; in the local home they come straight from the environment. The API
 * host can be pointed at the local stand-in (`STRIPE_API_HOST`/`PORT`/`PROTOCOL`), so the product's
 * code path is the same.
 */
const stripeEnv = z.object({
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_SECRET_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  STRIPE_API_HOST: z.optional(z.string().check(z.minLength(1))),
  STRIPE_API_PORT: z.optional(z.coerce.number().check(z.int())),
  STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
});

let env: z.infer<typeof stripeEnv> | undefined;
const readEnv = () => {
  env ??= stripeEnv.parse({
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY || undefined,
    STRIPE_SECRET_KEY_ARN: process.env.STRIPE_SECRET_KEY_ARN || undefined,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET || undefined,
    STRIPE_WEBHOOK_SECRET_ARN: process.env.STRIPE_WEBHOOK_SECRET_ARN || undefined,
    STRIPE_API_HOST: process.env.STRIPE_API_HOST || undefined,
    STRIPE_API_PORT: process.env.STRIPE_API_PORT || undefined,
    STRIPE_API_PROTOCOL: process.env.STRIPE_API_PROTOCOL || undefined,
  });
  return env;
};

/**
 * How long a secret read from Secrets Manager is used before it is read again. Five minutes: after a
 * key is rolled in Stripe and put in Secrets Manager, every warm function uses it within five
 * minutes, at the cost of one GetSecretValue per function instance and secret every five minutes.
 */
export const SECRET_MAX_AGE_SECONDS = 5 * 60;

let provider: SecretsProvider | undefined;
const secretsProvider = () => {
  const { AWS_REGION, SECRETS_MANAGER_ENDPOINT } = awsConfig();
  provider ??= new SecretsProvider({
    awsSdkV3Client: instrumented(
      new SecretsManagerClient({
        region: AWS_REGION,
        ...(SECRETS_MANAGER_ENDPOINT ? { endpoint: SECRETS_MANAGER_ENDPOINT } : {}),
      }),
    ),
  });
  return provider;
};

type SecretName = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET';

/** Where a secret comes from: its value in the environment (local home), or its ARN. */
function secretSource(name: SecretName): { value?: string; arn?: string } {
  const e = readEnv();
  const value = name === 'STRIPE_SECRET_KEY' ? e.STRIPE_SECRET_KEY : e.STRIPE_WEBHOOK_SECRET;
  const arn = name === 'STRIPE_SECRET_KEY' ? e.STRIPE_SECRET_KEY_ARN : e.STRIPE_WEBHOOK_SECRET_ARN;
  if (!value && !arn) throw new ConfigError(`Missing Stripe configuration: ${name} (or ${name}_ARN)`);
  return { ...(value ? { value } : {}), ...(arn ? { arn } : {}) };
}

/** A secret's value: from the environment, else Secrets Manager (cached; `fresh` reads it again). */
async function secret(name: SecretName, fresh = false): Promise<string> {
  const { value, arn } = secretSource(name);
  if (value) return value;
  const stored = await secretsProvider().get(arn as string, {
    maxAge: SECRET_MAX_AGE_SECONDS,
    forceFetch: fresh,
  });
  if (typeof stored !== 'string' || stored === '')
    throw new ConfigError(`The secret ${name} is empty: set it with aws secretsmanager put-secret-value`);
  return stored;
}

export const stripeWebhookSecret = (fresh = false) => secret('STRIPE_WEBHOOK_SECRET', fresh);

let client: { key: string; stripe: Stripe } | undefined;

/** The Stripe API client, built again only when the secret key changes (a rolled key). */
export async function stripeClient(): Promise<Stripe> {
  const key = await secret('STRIPE_SECRET_KEY');
  if (client?.key !== key) {
    const e = readEnv();
    client = {
      key,
      stripe: new Stripe(key, {
        ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
        ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
        ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
        maxNetworkRetries: 2,
      }),
    };
  }
  return client.stripe;
}

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
 * picked up at the next read (at most {@link SECRET_MAX_AGE_SECONDS} later) and Stripe retries.
 */
export const WEBHOOK_SECRET_REREAD_INTERVAL_SECONDS = 60;
let lastRereadAt = Number.NEGATIVE_INFINITY;

/**
 * Verifies Stripe's signature on the raw body (with the stripe library) and returns the event;
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
    Stripe.webhooks.constructEventAsync(rawBody, signature, secretValue, WEBHOOK_TOLERANCE_SECONDS);
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

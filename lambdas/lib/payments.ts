import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { instrumented } from './clients/instrument';
import { awsConfig } from './config/aws';
import { ConfigError } from './config/section';
import { stripeApiConfig } from './config/stripe-api';
import { stripeWebhookConfig } from './config/stripe-webhook';

/**
 * Stripe: secrets come from Secrets Manager on AWS (`*_ARN` variables) through Powertools'
 * SecretsProvider, kept for {@link SECRET_MAX_AGE_SECONDS} so that a rolled key is picked up within
 * minutes without a cold start; in the local home they come straight from the environment. The API
 * host can be pointed at the local stand-in (`STRIPE_API_HOST`/`PORT`/`PROTOCOL`), so the product's
 * code path is the same.
 */
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

/**
 * A secret's value: given in the environment (local home), else read by its ARN from Secrets Manager
 * (cached; `fresh` reads it again). Each secret is its own configuration section, so a function that
 * uses one does not carry (or need) the other.
 */
async function secret(
  name: SecretName,
  source: { value?: string | undefined; arn?: string | undefined },
  fresh = false,
): Promise<string> {
  if (source.value) return source.value;
  if (!source.arn) throw new ConfigError(`Missing Stripe configuration: ${name} (or ${name}_ARN)`);
  const stored = await secretsProvider().get(source.arn, {
    maxAge: SECRET_MAX_AGE_SECONDS,
    forceFetch: fresh,
  });
  if (typeof stored !== 'string' || stored === '')
    throw new ConfigError(`The secret ${name} is empty: set it with aws secretsmanager put-secret-value`);
  return stored;
}

export const stripeWebhookSecret = (fresh = false) => {
  const { STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ARN } = stripeWebhookConfig();
  return secret(
    'STRIPE_WEBHOOK_SECRET',
    { value: STRIPE_WEBHOOK_SECRET, arn: STRIPE_WEBHOOK_SECRET_ARN },
    fresh,
  );
};

let client: { key: string; stripe: Stripe } | undefined;

/** The Stripe API client, built again only when the secret key changes (a rolled key). */
export async function stripeClient(): Promise<Stripe> {
  const e = stripeApiConfig();
  const key = await secret('STRIPE_SECRET_KEY', { value: e.STRIPE_SECRET_KEY, arn: e.STRIPE_SECRET_KEY_ARN });
  if (client?.key !== key) {
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

import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { awsConfig, ConfigError } from './config';

/**
 * Stripe: secrets come from Secrets Manager on AWS (`*_ARN` variables, read once per cold start)
 * or straight from the environment in the local home. The API host can be pointed at the local
 * stand-in (`STRIPE_API_HOST`/`PORT`/`PROTOCOL`), so the product's code path is the same.
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

let secretsClient: SecretsManagerClient | undefined;
const secretCache = new Map<string, Promise<string>>();

async function secret(
  valueName: string,
  value: string | undefined,
  arn: string | undefined,
): Promise<string> {
  if (value) return value;
  if (!arn) throw new ConfigError(`Missing Stripe configuration: ${valueName} (or ${valueName}_ARN)`);
  let cached = secretCache.get(arn);
  if (!cached) {
    secretsClient ??= new SecretsManagerClient({ region: awsConfig().AWS_REGION });
    cached = secretsClient.send(new GetSecretValueCommand({ SecretId: arn })).then((r) => {
      if (!r.SecretString)
        throw new ConfigError(
          `The secret ${valueName} is empty: set it with aws secretsmanager put-secret-value`,
        );
      return r.SecretString;
    });
    cached.catch(() => secretCache.delete(arn));
    secretCache.set(arn, cached);
  }
  return cached;
}

export const stripeWebhookSecret = () => {
  const e = readEnv();
  return secret('STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET, e.STRIPE_WEBHOOK_SECRET_ARN);
};

let client: Promise<Stripe> | undefined;

/** The Stripe API client, built once. */
export function stripeClient(): Promise<Stripe> {
  client ??= (async () => {
    const e = readEnv();
    const key = await secret('STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY, e.STRIPE_SECRET_KEY_ARN);
    return new Stripe(key, {
      ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
      ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
      ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
      maxNetworkRetries: 2,
    });
  })();
  client.catch(() => {
    client = undefined;
  });
  return client;
}

/** Tolerance for the webhook signature's timestamp: older events are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class InvalidWebhookSignatureError extends Error {
  override readonly name = 'InvalidWebhookSignatureError';
}

/**
 * Verifies Stripe's signature on the raw body (with the stripe library) and returns the event;
 * throws InvalidWebhookSignatureError on a missing, bad or stale signature.
 */
export async function verifyStripeEvent(
  rawBody: string | Buffer,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw new InvalidWebhookSignatureError('No Stripe-Signature header');
  const secretValue = await stripeWebhookSecret();
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secretValue,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (cause) {
    throw new InvalidWebhookSignatureError('The Stripe signature does not verify', { cause });
  }
}

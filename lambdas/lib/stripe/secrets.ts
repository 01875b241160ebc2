import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { instrumented } from '../clients/instrument';
import { awsConfig } from '../config/aws';
import { ConfigError } from '../config/section';
import { stripeApiConfig } from '../config/stripe-api';
import { stripeWebhookConfig } from '../config/stripe-webhook';

/**
 * Stripe's secrets: from Secrets Manager on AWS (`*_ARN` variables) through Powertools'
 * SecretsProvider, kept for {@link SECRET_MAX_AGE_SECONDS} so that a rolled key is picked up within
 * minutes without a cold start; in the local home they come straight from the environment. Apart from
 * the stripe library, so that the webhook, which needs only its signing secret and stripe's signature
 * check (`./signature.ts`), does not load the API client (`./client.ts`).
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

/** The webhook's signing secret (`fresh` reads it again from Secrets Manager). */
export const stripeWebhookSecret = (fresh = false) => {
  const { STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ARN } = stripeWebhookConfig();
  return secret(
    'STRIPE_WEBHOOK_SECRET',
    { value: STRIPE_WEBHOOK_SECRET, arn: STRIPE_WEBHOOK_SECRET_ARN },
    fresh,
  );
};

/** The API's secret key. */
export const stripeSecretKey = () => {
  const { STRIPE_SECRET_KEY, STRIPE_SECRET_KEY_ARN } = stripeApiConfig();
  return secret('STRIPE_SECRET_KEY', { value: STRIPE_SECRET_KEY, arn: STRIPE_SECRET_KEY_ARN });
};

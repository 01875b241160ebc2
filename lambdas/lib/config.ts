import * as z from 'zod/mini';
import './zod-messages';

/**
 * Configuration is read from the environment once per section, validated with zod, and cached.
 * A missing or bad value fails fast with the variable's name, never later with an undefined.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function readSection<S extends z.ZodMiniObject>(section: string, schema: S): () => z.infer<S> {
  let cached: z.infer<S> | undefined;
  return () => {
    if (cached) return cached;
    const raw: Record<string, string | undefined> = {};
    for (const key of Object.keys(schema.shape)) raw[key] = process.env[key] || undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      // Messages name their variable ('TABLE_NAME is required'); a schema's own message gets it added.
      const names = parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      });
      throw new ConfigError(`Missing or invalid ${section} configuration: ${names.join(', ')}`);
    }
    cached = parsed.data;
    return cached;
  };
}

const optionalUrl = z.optional(z.url());

/** AWS region and, in the local home, the emulator endpoints. */
export const awsConfig = readSection(
  'AWS',
  z.object({
    AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
    DYNAMODB_ENDPOINT: optionalUrl,
    S3_ENDPOINT: optionalUrl,
    SES_ENDPOINT: optionalUrl,
    SFN_ENDPOINT: optionalUrl,
    /** cognito-local in the local home; unset on AWS. */
    COGNITO_ENDPOINT: optionalUrl,
    /** A stand-in for Secrets Manager (tests); unset on AWS and in the local home. */
    SECRETS_MANAGER_ENDPOINT: optionalUrl,
  }),
);

export const tableConfig = readSection('table', z.object({ TABLE_NAME: z.string().check(z.minLength(1)) }));

/** The Cognito user pool whose groups a function changes (only the investor portal's: issue 21). */
export const userPoolConfig = readSection(
  'user pool',
  z.object({ COGNITO_USER_POOL_ID: z.string().check(z.minLength(1)) }),
);

export const storageConfig = readSection(
  'storage',
  z.object({
    UPLOADS_BUCKET: z.string().check(z.minLength(1)),
    EXPORTS_BUCKET: z.string().check(z.minLength(1)),
  }),
);

/**
 * The directory's search snapshot (docs/data-model.md, "Search index"): the bucket it is kept in and
 * how long a function trusts the copy it holds before it asks S3 whether a newer one was written.
 */
export const searchIndexConfig = readSection(
  'search index',
  z.object({
    SEARCH_INDEX_BUCKET: z.string().check(z.minLength(1)),
    SEARCH_INDEX_MAX_AGE_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3600)), 30),
  }),
);

/** The site's own address, for links in emails (the weekly summary's "turn off" link). */
export const siteConfig = readSection('site', z.object({ SITE_URL: z.url() }));

export const emailConfig = readSection(
  'email',
  z.object({ SES_FROM: z.email(), SES_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))) }),
);

/** One hosted payment link per price tier, configured, never hard-coded. */
export const paymentLinksConfig = readSection(
  'payment links',
  z.object({
    PAYMENT_LINK_TIER_50: z.url(),
    PAYMENT_LINK_TIER_250: z.url(),
    PAYMENT_LINK_TIER_1000: z.url(),
    PAYMENT_LINK_TIER_2500: z.url(),
  }),
);

/** The id (`plink_...`) of each tier's Payment Link: a payment must come from its cart's tier's link. */
export const paymentLinkIdsConfig = readSection(
  'payment link ids',
  z.object({
    PAYMENT_LINK_ID_TIER_50: z.string().check(z.regex(/^plink_\w+$/, 'a Payment Link id, plink_...')),
    PAYMENT_LINK_ID_TIER_250: z.string().check(z.regex(/^plink_\w+$/, 'a Payment Link id, plink_...')),
    PAYMENT_LINK_ID_TIER_1000: z.string().check(z.regex(/^plink_\w+$/, 'a Payment Link id, plink_...')),
    PAYMENT_LINK_ID_TIER_2500: z.string().check(z.regex(/^plink_\w+$/, 'a Payment Link id, plink_...')),
  }),
);

/** Stripe Connect: the platform's OAuth client id (`ca_...`), used to deauthorise a connected account. */
export const stripeConnectConfig = readSection(
  'Stripe Connect',
  z.object({
    STRIPE_CONNECT_CLIENT_ID: z.string().check(z.regex(/^ca_\w+$/, 'a Connect client id, ca_...')),
  }),
);

/**
 * The ARNs of the workflows a function may start. Each function is given only the ones it starts, so
 * each is optional here and checked where it is used (`workflowArn`), failing with its name.
 */
export const workflowsConfig = readSection(
  'workflows',
  z.object({
    MAPPING_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    AGGREGATION_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    IMPORT_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    EXPORT_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    CURATION_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    UPDATE_SUMMARIES_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    INVESTOR_REMINDERS_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
    DELIVERY_WATCH_STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
  }),
);

export type WorkflowArnVariable = keyof ReturnType<typeof workflowsConfig>;

export function workflowArn(variable: WorkflowArnVariable): string {
  const value = workflowsConfig()[variable];
  if (!value) throw new ConfigError(`Missing or invalid workflows configuration: ${variable} is required`);
  return value;
}

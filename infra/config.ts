import * as z from 'zod';

/**
 * The deployment's configuration, read in one place: each value comes from an environment variable
 * (`DEPLOY_*`) or else from CDK context (`-c key=value` or `cdk.json`), and the whole is validated
 * with zod at synth time. Nothing is looked up in an AWS account, so `cdk synth` runs offline.
 *
 * `cdk.json` carries placeholder values (example.com, `placeholder`, account 000000000000) so that a
 * fresh clone synthesises the `dev` stage; the `prod` stage refuses every placeholder by name.
 */
export class DeploymentConfigError extends Error {
  override readonly name = 'DeploymentConfigError';

  constructor(readonly problems: string[]) {
    super(`Invalid deployment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Each setting: its CDK context key and the environment variable that overrides it. */
export const configSources = {
  stage: { env: 'DEPLOY_STAGE', describe: 'dev or prod' },
  domain: { env: 'DEPLOY_DOMAIN', describe: 'the site apex, e.g. investors.example.org' },
  hostedZoneId: { env: 'DEPLOY_HOSTED_ZONE_ID', describe: 'the Route 53 public hosted zone id' },
  hostedZoneName: { env: 'DEPLOY_HOSTED_ZONE_NAME', describe: "the hosted zone's name" },
  certificateArn: {
    env: 'DEPLOY_CERTIFICATE_ARN',
    describe: 'an ACM certificate in us-east-1 for the domain and *.domain',
  },
  apiCertificateArn: {
    env: 'DEPLOY_API_CERTIFICATE_ARN',
    describe:
      "an ACM certificate in the stack's region for api.<domain>: the API's custom domain, CloudFront's /api origin",
  },
  sesSender: { env: 'DEPLOY_SES_SENDER', describe: 'the From address of every email' },
  feedbackEmail: { env: 'DEPLOY_FEEDBACK_EMAIL', describe: 'the address the feedback link opens' },
  alarmEmail: {
    env: 'DEPLOY_ALARM_EMAIL',
    describe: 'where alarms and SES bounces and complaints are emailed (the SNS topic subscription)',
  },
  paymentLinkTier50: { env: 'DEPLOY_PAYMENT_LINK_TIER_50', describe: 'Stripe Payment Link, 0-50 contacts' },
  paymentLinkTier250: { env: 'DEPLOY_PAYMENT_LINK_TIER_250', describe: 'Stripe Payment Link, 51-250' },
  paymentLinkTier1000: { env: 'DEPLOY_PAYMENT_LINK_TIER_1000', describe: 'Stripe Payment Link, 251-1,000' },
  paymentLinkTier2500: {
    env: 'DEPLOY_PAYMENT_LINK_TIER_2500',
    describe: 'Stripe Payment Link, 1,001-2,500',
  },
  paymentLinkIdTier50: {
    env: 'DEPLOY_PAYMENT_LINK_ID_TIER_50',
    describe: 'its id (plink_...), 0-50 contacts',
  },
  paymentLinkIdTier250: { env: 'DEPLOY_PAYMENT_LINK_ID_TIER_250', describe: 'its id (plink_...), 51-250' },
  paymentLinkIdTier1000: {
    env: 'DEPLOY_PAYMENT_LINK_ID_TIER_1000',
    describe: 'its id (plink_...), 251-1,000',
  },
  paymentLinkIdTier2500: {
    env: 'DEPLOY_PAYMENT_LINK_ID_TIER_2500',
    describe: 'its id (plink_...), 1,001-2,500',
  },
  stripeConnectClientId: {
    env: 'DEPLOY_STRIPE_CONNECT_CLIENT_ID',
    describe: 'Stripe Connect client id (ca_...)',
  },
  cognitoEmailViaSes: {
    env: 'DEPLOY_COGNITO_EMAIL_VIA_SES',
    describe: 'true once the SES identity is verified: Cognito sends its emails through SES',
  },
} as const;

export type ConfigKey = keyof typeof configSources;

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'expected a domain name'),
  );

const paymentLink = z.url({ protocol: /^https$/, error: 'expected an https URL' });
const paymentLinkId = z
  .string()
  .regex(/^plink_[A-Za-z0-9_]+$/, 'expected a Stripe Payment Link id (plink_...)');

const schema = z
  .object({
    stage: z.enum(['dev', 'prod'], { error: 'expected dev or prod' }),
    domain: hostname,
    hostedZoneId: z.string().regex(/^Z[A-Z0-9]{5,31}$/, 'expected a Route 53 hosted zone id (Z...)'),
    hostedZoneName: hostname,
    certificateArn: z
      .string()
      .regex(
        /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
        'expected an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from us-east-1)',
      ),
    apiCertificateArn: z
      .string()
      .regex(
        /^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[A-Za-z0-9-]+$/,
        "expected an ACM certificate ARN in the stack's region (API Gateway's regional custom domain)",
      ),
    sesSender: z.email({ error: 'expected an email address' }),
    feedbackEmail: z.email({ error: 'expected an email address' }),
    alarmEmail: z.email({ error: 'expected an email address' }),
    paymentLinkTier50: paymentLink,
    paymentLinkTier250: paymentLink,
    paymentLinkTier1000: paymentLink,
    paymentLinkTier2500: paymentLink,
    paymentLinkIdTier50: paymentLinkId,
    paymentLinkIdTier250: paymentLinkId,
    paymentLinkIdTier1000: paymentLinkId,
    paymentLinkIdTier2500: paymentLinkId,
    stripeConnectClientId: z
      .string()
      .regex(/^ca_[A-Za-z0-9_]+$/, 'expected a Stripe Connect client id (ca_...)'),
    cognitoEmailViaSes: z
      .enum(['true', 'false'], { error: 'expected true or false' })
      .optional()
      .transform((value) => value === 'true'),
  })
  .superRefine((config, ctx) => {
    if (config.domain !== config.hostedZoneName && !config.domain.endsWith(`.${config.hostedZoneName}`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain'],
        message: `must be the hosted zone's name (${config.hostedZoneName}) or a subdomain of it`,
      });
    }
    const senderDomain = config.sesSender.split('@')[1] ?? '';
    if (senderDomain !== config.hostedZoneName && !senderDomain.endsWith(`.${config.hostedZoneName}`)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sesSender'],
        message: `must be an address in the hosted zone (${config.hostedZoneName}) so its DKIM records can be created`,
      });
    }
  });

/** The validated configuration. */
export type DeploymentConfig = z.infer<typeof schema>;

/** A value only meant for synthesising the dev stage: example domains, `placeholder`, a zero account. */
export function isPlaceholder(value: string): boolean {
  return /(^|[.@/])example\.(com|org|net)(\/|$)|placeholder|(^|\D)0{12}(\D|$)/i.test(value);
}

/** Where each raw value can come from. `context` is usually `(key) => app.node.tryGetContext(key)`. */
export interface ConfigInputs {
  context: (key: string) => unknown;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Whether the synth targets a real AWS account: the CDK CLI sets `CDK_DEFAULT_ACCOUNT` from the
 * credentials it finds (none offline, so a fresh clone still synthesises the placeholders).
 */
export function targetsRealAccount(env: ConfigInputs['env']): boolean {
  const account = env.CDK_DEFAULT_ACCOUNT?.trim();
  return account !== undefined && /^\d{12}$/.test(account) && !isPlaceholder(account);
}

/** The raw values, environment first, then context. */
export function readRawConfig({ context, env }: ConfigInputs): Record<ConfigKey, string | undefined> {
  const raw = {} as Record<ConfigKey, string | undefined>;
  for (const [key, source] of Object.entries(configSources) as [ConfigKey, { env: string }][]) {
    const fromEnv = env[source.env];
    const fromContext = context(key);
    const value = fromEnv?.trim() ? fromEnv : fromContext;
    raw[key] = value === undefined || value === null || value === '' ? undefined : String(value);
  }
  return raw;
}

function label(key: ConfigKey): string {
  return `${key} (context '${key}' or env ${configSources[key].env}: ${configSources[key].describe})`;
}

/**
 * Reads and validates the configuration. Throws a {@link DeploymentConfigError} naming every
 * missing or invalid value, and in `prod` or for a real account every placeholder value.
 */
export function resolveDeploymentConfig(inputs: ConfigInputs): DeploymentConfig {
  const raw = readRawConfig(inputs);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new DeploymentConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]) as ConfigKey;
        const missing = raw[key] === undefined && key in configSources;
        return `${label(key)}: ${missing ? 'missing' : issue.message}`;
      }),
    );
  }
  const config = parsed.data;
  const realAccount = targetsRealAccount(inputs.env);
  if (config.stage === 'prod' || realAccount) {
    const placeholders = (Object.keys(configSources) as ConfigKey[]).filter((key) => {
      const value = raw[key];
      return value !== undefined && isPlaceholder(value);
    });
    if (placeholders.length > 0) {
      throw new DeploymentConfigError(
        placeholders.map(
          (key) =>
            `${label(key)}: '${raw[key]}' is a placeholder; ${config.stage === 'prod' ? 'prod' : `account ${inputs.env.CDK_DEFAULT_ACCOUNT}`} needs the real value`,
        ),
      );
    }
  }
  return config;
}

/** The region of an ACM certificate's ARN. */
export function certificateRegion(arn: string): string {
  return arn.split(':')[3] ?? '';
}

/**
 * The host name of the API's custom domain: CloudFront's `/api/*` origin (API Gateway's default
 * `execute-api` endpoint is disabled). `api` is a reserved portal label (shared/api/portals.ts).
 */
export function apiOriginDomain(config: Pick<DeploymentConfig, 'domain'>): string {
  return `api.${config.domain}`;
}

/** The origins the site is served from: the apex and every subdomain (portals), one distribution. */
export function siteOrigins(config: DeploymentConfig): { apex: string; wildcard: string } {
  return { apex: `https://${config.domain}`, wildcard: `https://*.${config.domain}` };
}

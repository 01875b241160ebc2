import * as z from 'zod/mini';

const nonEmpty = z.string().check(z.minLength(1));

/**
 * The web app's runtime configuration: read once from `/runtime-config.json` before the first render
 * (written by the CDK stack on AWS, served by the local home locally) and validated here. The build
 * itself holds no endpoints or ids.
 */
export const runtimeConfigSchema = z.object({
  stage: nonEmpty,
  apiUrl: nonEmpty,
  region: nonEmpty,
  userPoolId: nonEmpty,
  userPoolClientId: nonEmpty,
  /** Only in the local home ('/cognito', proxied by the dev server); absent on AWS. */
  userPoolEndpoint: z.optional(nonEmpty),
  rootDomain: nonEmpty,
  feedbackEmail: nonEmpty,
  debugMappingLinks: z._default(z.boolean(), false),
  stripeConnect: z.object({ clientId: z.string(), authorizeUrl: z.string() }),
  mailInboxUrl: z.optional(z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

let current: RuntimeConfig | null = null;

/** Validates `value` and makes it the configuration of this page. */
export function initRuntimeConfig(value: unknown): RuntimeConfig {
  current = runtimeConfigSchema.parse(value);
  return current;
}

/**
 * Fetches, validates and stores the runtime configuration. Throws when it is missing or malformed.
 * `index.html` preloads the file (so it travels beside the scripts, not after them): this fetch uses
 * the preload's request mode and the browser's default cache, which the file's `no-cache` makes
 * revalidate on every visit.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_URL);
  if (!response.ok) throw new Error(`Could not load ${RUNTIME_CONFIG_URL} (HTTP ${response.status})`);
  return initRuntimeConfig(await response.json());
}

/** The configuration read at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration has not been loaded');
  return current;
}

/** `path` made absolute against this page's origin when it is a relative URL ('/cognito'). */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString().replace(/\/$/, '');
}

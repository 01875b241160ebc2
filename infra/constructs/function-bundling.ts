/**
 * The credential providers of the SDK's default chain that a Lambda function never reaches: Lambda
 * puts the function's credentials in its environment, which the chain tries first. The chain imports
 * these with `import()` only when the environment has none, so leaving them out of the bundle (the
 * runtime's own SDK has them) keeps about 130 KB of SSO, STS, INI-file and instance-metadata code out
 * of every function. `test/infra/bundling.test.ts` checks that every function refers to them only
 * through `import()`.
 */
export const CREDENTIAL_PROVIDERS_LAMBDA_NEVER_USES = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
] as const;

/**
 * How every Lambda function is built: esbuild through `NodejsFunction` (no Docker), a minified ESM
 * bundle with a linked source map. The AWS SDK is bundled too (but for the credential providers
 * above), so the lockfile, not the runtime, decides its version, and esbuild keeps only the clients
 * and commands a function uses (faster to load than the runtime's complete CommonJS SDK). `bench/bundles.ts` builds the same way, so the
 * sizes and load times it prints are those of what the stack deploys.
 */
export const FUNCTION_BUNDLING = {
  format: 'esm',
  target: 'node24',
  platform: 'node',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  externalModules: [...CREDENTIAL_PROVIDERS_LAMBDA_NEVER_USES],
  // Bundled CommonJS dependencies may call require() for Node built-ins.
  banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
} as const;

/** The environment every function starts with (stack traces through the source maps). */
export const FUNCTION_ENVIRONMENT = { NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'INFO' } as const;

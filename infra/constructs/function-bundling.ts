import type { BuildOptions } from 'esbuild';

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
 * How every Lambda function is built: esbuild's own API, run by CDK on this machine (no Docker), into
 * a folder: `index.mjs`, which exports `handler`, and the chunks it loads with `import()` (code
 * splitting), each a minified ESM module with a linked source map. The AWS SDK is bundled too (but
 * for the credential providers above), so the lockfile, not the runtime, decides its version, and
 * esbuild keeps only the clients and commands a function uses (faster to load than the runtime's
 * complete CommonJS SDK). The clients a function does not need on every request (S3, SES, Step
 * Functions, Lambda: `lambdas/lib/clients/`) are imported with `import()`, so they are chunks of their
 * own, loaded at their first call rather than at every cold start. `bench/bundles.ts` and the bundle
 * tests build with `functionBuildOptions` too, so what they measure is what the stack deploys.
 */
export const FUNCTION_BUNDLING = {
  format: 'esm',
  target: 'node24',
  platform: 'node',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  splitting: true,
  mainFields: ['module', 'main'],
  externalModules: [...CREDENTIAL_PROVIDERS_LAMBDA_NEVER_USES],
  // Bundled CommonJS dependencies may call require() for Node built-ins (in every chunk: each is a module).
  banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
} as const;

/** The file Lambda loads: the handler is `index.handler`. */
export const FUNCTION_INDEX = 'index.mjs';

/**
 * esbuild's options for one function: its entry (an absolute path) built into `outdir` as
 * `index.mjs`, its chunks beside it (`chunk-<hash>.mjs`), a source map beside each.
 */
export function functionBuildOptions(entry: string, outdir: string) {
  return {
    entryPoints: { index: entry },
    outdir,
    bundle: true,
    splitting: FUNCTION_BUNDLING.splitting,
    format: FUNCTION_BUNDLING.format,
    platform: FUNCTION_BUNDLING.platform,
    target: FUNCTION_BUNDLING.target,
    minify: FUNCTION_BUNDLING.minify,
    sourcemap: FUNCTION_BUNDLING.sourceMap,
    sourcesContent: FUNCTION_BUNDLING.sourcesContent,
    mainFields: [...FUNCTION_BUNDLING.mainFields],
    external: [...FUNCTION_BUNDLING.externalModules],
    banner: { js: FUNCTION_BUNDLING.banner },
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  } satisfies BuildOptions;
}

/** The environment every function starts with (stack traces through the source maps). */
export const FUNCTION_ENVIRONMENT = { NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'INFO' } as const;

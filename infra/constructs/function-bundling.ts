/**
 * How every Lambda function is built: esbuild through `NodejsFunction` (no Docker), a minified ESM
 * bundle with a linked source map. The AWS SDK is bundled too, so the lockfile, not the runtime,
 * decides its version, and esbuild keeps only the clients and commands a function uses (faster to
 * load than the runtime's complete CommonJS SDK). `bench/bundles.ts` builds the same way, so the
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
  externalModules: [] as string[],
  // Bundled CommonJS dependencies may call require() for Node built-ins.
  banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
} as const;

/** The environment every function starts with (stack traces through the source maps). */
export const FUNCTION_ENVIRONMENT = { NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'INFO' } as const;

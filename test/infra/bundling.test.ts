import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_PROVIDERS_LAMBDA_NEVER_USES } from '../../infra/constructs/function-bundling';
import type { InvestorDirectoryStack } from '../../infra/stack';
import { cdkJsonContext, prodContext, SYNTH_TIMEOUT, type Synthesized, synthesize } from './support/synth';
import { logicalIdOf, resourcesOf, type TemplateResource } from './support/template';

let synthesized: Synthesized;
let template: Template;
let stack: InvestorDirectoryStack;
/** Where the bundles are: the assembly `npm run synth` just wrote (npm test says so), or one made here. */
let assemblyDir: string;
const missingWebDist = '/nonexistent/web/dist';

beforeAll(() => {
  // The dev stage as `npm run synth` builds it: every function bundled with esbuild. When `npm test`
  // has just run `npm run synth`, its assembly is read instead of bundling everything again (that one
  // has the web app, which cdk.json builds first; the in-process synth here has none).
  const written = process.env.INFRA_ASSEMBLY_DIR ?? '';
  const reuse = written !== '' && existsSync(join(written, 'InvestorDirectory-dev.template.json'));
  synthesized = synthesize({ context: cdkJsonContext, bundle: !reuse, webDist: missingWebDist });
  stack = synthesized.stack;
  template = reuse
    ? Template.fromJSON(
        JSON.parse(readFileSync(join(written, 'InvestorDirectory-dev.template.json'), 'utf8')),
      )
    : synthesized.template;
  assemblyDir = reuse ? written : synthesized.assemblyDir;
}, SYNTH_TIMEOUT);

const allFunctions = () => [
  ...stack.api.functions.values(),
  ...Object.values(stack.workflows.taskFunctions),
  stack.auth.customMessage,
  stack.auth.preToken,
];

/** The folder of a synthesized function's bundle (`index.mjs`, its chunks, their source maps). */
function bundleDir(fn: ReturnType<typeof allFunctions>[number]): string {
  const resource = template.toJSON().Resources[logicalIdOf(fn.handler)] as TemplateResource;
  const { S3Key } = (resource.Properties?.Code ?? {}) as { S3Key: string };
  return join(assemblyDir, `asset.${S3Key.replace(/\.zip$/, '')}`);
}

/** The JavaScript modules of a bundle's folder: `index.mjs` and its chunks. */
const modulesOf = (dir: string): string[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.mjs'))
    .sort();

/** What a module imports with `import … from` (or a bare `import '…'`). */
const staticImportsOf = (code: string): string[] =>
  [...code.matchAll(/(?:^|[;\n])import\s*(?:[\w$*{}\s,]+?from\s*)?["']([^"']+)["']/g)].map(
    (match) => match[1] ?? '',
  );

/** What a module imports with `import()`. */
const dynamicImportsOf = (code: string): string[] =>
  [...code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1] ?? '');

/** The modules a cold start loads: `index.mjs` and the chunks it imports statically, transitively. */
function coldStartModulesOf(dir: string): string[] {
  const loaded = new Set<string>();
  const pending = ['index.mjs'];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const name of staticImportsOf(readFileSync(join(dir, file), 'utf8')))
      if (name.startsWith('./')) pending.push(name.slice(2));
  }
  return [...loaded].sort();
}

/** The source files the given modules of a bundle were built from (each source map's `sources`). */
const sourcesOf = (dir: string, files: readonly string[]): string[] =>
  files.flatMap(
    (file) => (JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[] }).sources,
  );

/** Runs an ES module script in a fresh Node process with the environment a function starts with. */
const runAsLambda = (script: string, nodeOptions: string[] = []): string =>
  execFileSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      TABLE_NAME: 'bundle-test',
      LOG_LEVEL: 'ERROR',
    },
    encoding: 'utf8',
  });

/** The JSON a script printed last. */
const lastLineOf = (output: string): unknown => JSON.parse(output.trim().split('\n').at(-1) ?? 'null');

describe('function bundles', () => {
  it('bundles every function as minified ESM modules (an index and its chunks) with source maps and no outside imports', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const lambdaNeverUses: readonly string[] = CREDENTIAL_PROVIDERS_LAMBDA_NEVER_USES;
    for (const fn of allFunctions()) {
      const resource = template.toJSON().Resources[logicalIdOf(fn.handler)] as TemplateResource;
      const dir = bundleDir(fn);
      expect(resource.Properties?.Handler, fn.node.path).toBe('index.handler');
      expect(modulesOf(dir), fn.node.path).toContain('index.mjs');

      for (const file of modulesOf(dir)) {
        const where = `${fn.node.path}: ${file}`;
        const code = readFileSync(join(dir, file), 'utf8');
        expect(existsSync(join(dir, `${file}.map`)), where).toBe(true);
        expect(code.startsWith("import { createRequire } from 'node:module';"), where).toBe(true);
        // esbuild indents the statements it does not minify (text in a template literal may be indented).
        expect(
          code.split('\n').filter((line) => /^\s+(?:const|let|var|function|return|if)\b/.test(line)),
          `${where} is minified`,
        ).toEqual([]);
        // Node built-ins, and the function's own chunks beside it.
        const outside = (name: string) => !builtins.has(name) && !/^\.\/chunk-[\w-]+\.mjs$/.test(name);
        expect(
          staticImportsOf(code).filter(outside),
          `${where} imports only Node built-ins and its chunks`,
        ).toEqual([]);
        // Left to the runtime's SDK, and only ever loaded with import() (never, on Lambda: see function-bundling.ts).
        expect(
          dynamicImportsOf(code).filter((name) => outside(name) && !lambdaNeverUses.includes(name)),
          `${where} lazily imports nothing else from outside`,
        ).toEqual([]);
        expect(code, `${where} leaves the SSO and STS clients out`).not.toMatch(
          /SWBPortalService|AWSSecurityTokenServiceV20110615/,
        );
      }
    }
  });

  it('loads the S3, SES, Step Functions and Lambda clients at their first call, not at a cold start (each a chunk of its own)', () => {
    const deferred = [
      'com.amazonaws.s3"',
      'com.amazonaws.sesv2"',
      'com.amazonaws.sfn"',
      'com.amazonaws.lambda"',
    ];
    let seen = 0;
    for (const fn of allFunctions()) {
      const dir = bundleDir(fn);
      const coldStart = coldStartModulesOf(dir);
      expect(coldStart, fn.node.path).toContain('index.mjs');
      for (const file of modulesOf(dir)) {
        const code = readFileSync(join(dir, file), 'utf8');
        for (const client of deferred.filter((marker) => code.includes(marker))) {
          seen++;
          expect(coldStart, `${fn.node.path}: ${client} is in ${file}`).not.toContain(file);
        }
      }
    }
    // The functions whose manifests grant S3, email, workflows or invokes carry those clients.
    expect(seen).toBeGreaterThan(10);
  });

  it("loads X-Ray's SDK in no cold start: only with stripeConnect's payments area, whose requests wait on Stripe", () => {
    const marker = 'X-Ray for Node.js';
    const carriers: string[] = [];
    for (const fn of allFunctions()) {
      const dir = bundleDir(fn);
      const coldStart = coldStartModulesOf(dir);
      for (const file of modulesOf(dir)) {
        if (!readFileSync(join(dir, file), 'utf8').includes(marker)) continue;
        carriers.push(fn.node.path);
        expect(coldStart, `${fn.node.path}: X-Ray's SDK is in ${file}`).not.toContain(file);
      }
    }
    expect(carriers).toEqual(['InvestorDirectory-dev/Api/StripeConnect']);
  });

  it("carries stripe's API client only where it is used; the webhook carries stripe's signature check alone", () => {
    // A path of one of the API's resources, and a message of the signature check (both in stripe's code).
    const apiMarker = '"/v1/checkout/sessions"';
    const signatureMarker = 'No signatures found with expected scheme';
    const carriers = { api: [] as string[], signature: [] as string[] };
    for (const fn of allFunctions()) {
      const dir = bundleDir(fn);
      const code = modulesOf(dir)
        .map((file) => readFileSync(join(dir, file), 'utf8'))
        .join('\n');
      if (code.includes(apiMarker)) carriers.api.push(fn.node.path);
      if (code.includes(signatureMarker)) carriers.signature.push(fn.node.path);
    }
    // The reconciler of Stripe events lists events with the API client (whose package holds the
    // signature check too); the webhook, which shares its handling, still carries the check alone.
    expect(carriers).toEqual({
      api: ['InvestorDirectory-dev/Api/StripeConnect', 'InvestorDirectory-dev/Workflows/StripeTasksFunction'],
      signature: [
        'InvestorDirectory-dev/Api/StripeConnect',
        'InvestorDirectory-dev/Api/StripeWebhook',
        'InvestorDirectory-dev/Workflows/StripeTasksFunction',
      ],
    });
  });

  it("builds no API schema in the weekly alert's cold start: it reads saved filters and facts, not requests", () => {
    const dir = bundleDir(stack.workflows.taskFunctions.AlertTasksFunctionArn);
    const sources = sourcesOf(dir, coldStartModulesOf(dir));
    const ours = (path: string) => sources.some((source) => source.endsWith(path));
    expect(ours('shared/api/search-filters.ts'), 'the saved filters are read').toBe(true);
    expect(ours('shared/investors/fact-values.ts'), 'the facts are read').toBe(true);
    for (const schemas of [
      'shared/api/directory.ts',
      'shared/api/shortlist.ts',
      'shared/investors/profile-facts.ts',
      'shared/investors/provenance.ts',
    ])
      expect(ours(schemas), schemas).toBe(false);
  });

  it("carries i18n-iso-countries' English names as data, and none of the package's code, in every bundle that reads a place", () => {
    const readers: string[] = [];
    for (const fn of allFunctions()) {
      const dir = bundleDir(fn);
      const sources = sourcesOf(dir, modulesOf(dir));
      if (sources.some((source) => source.endsWith('i18n-iso-countries/langs/en.json')))
        readers.push(fn.node.path);
      for (const code of [
        'i18n-iso-countries/index.js',
        'i18n-iso-countries/codes.json',
        'diacritics/index.js',
      ])
        expect(
          sources.filter((source) => source.endsWith(code)),
          `${fn.node.path}: ${code}`,
        ).toEqual([]);
    }
    expect(readers).toEqual(
      expect.arrayContaining([
        'InvestorDirectory-dev/Api/Directory',
        'InvestorDirectory-dev/Workflows/AlertTasksFunction',
      ]),
    );
  });

  it('loads every chunk a function may import later, in a fresh process as Lambda runs it', () => {
    for (const fn of allFunctions()) {
      const dir = bundleDir(fn);
      const later = modulesOf(dir).filter((file) => !coldStartModulesOf(dir).includes(file));
      const urls = later.map((file) => pathToFileURL(join(dir, file)).href);
      const script = `for (const url of ${JSON.stringify(urls)}) await import(url);
        console.log(JSON.stringify(${urls.length}));`;
      expect(lastLineOf(runAsLambda(script)), fn.node.path).toBe(urls.length);
    }
  });

  it('loads every function without touching Intl or a locale-aware method (ICU loads at first use, on a request that needs it)', () => {
    const guard = pathToFileURL(join(import.meta.dirname, 'support/locale-guard.mjs')).href;
    const usesWhileLoading = (moduleUrl: string): string[] => {
      const script = `globalThis.__loading = true;
        await import(${JSON.stringify(moduleUrl)});
        globalThis.__loading = false;
        console.log(JSON.stringify(globalThis.__localeUses));`;
      return lastLineOf(runAsLambda(script, ['--import', guard])) as string[];
    };
    // The guard sees a module that formats a number as it loads.
    const dir = mkdtempSync(join(tmpdir(), 'locale-guard-'));
    try {
      const formatsOnLoad = join(dir, 'formats-on-load.mjs');
      writeFileSync(
        formatsOnLoad,
        "export const a = new Intl.NumberFormat('en-US').format(1); export const b = (1000).toLocaleString('en-US'); export const c = 'a'.localeCompare('b', 'en');",
      );
      expect(usesWhileLoading(pathToFileURL(formatsOnLoad).href).map((use) => use.split(' ')[0])).toEqual([
        'Intl.NumberFormat',
        'Number.prototype.toLocaleString',
        'String.prototype.localeCompare',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    for (const fn of allFunctions())
      expect(usesWhileLoading(pathToFileURL(join(bundleDir(fn), 'index.mjs')).href), fn.node.path).toEqual(
        [],
      );
  });

  it('answers a bad request in plain English when run alone, as Lambda runs it (zod/mini loads no locale by itself)', () => {
    const directory = stack.api.functions.get('directory');
    if (!directory) throw new Error('no directory function');
    const bundle = pathToFileURL(join(bundleDir(directory), 'index.mjs')).href;
    const event = {
      routeKey: 'GET /investors',
      rawPath: '/investors',
      queryStringParameters: { stageFocus: 'x'.repeat(201) },
      requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: '/investors' } },
      headers: {},
      isBase64Encoded: false,
    };
    // The Lambda context, as the runtime passes it to the middy chain.
    const script = `const { handler } = await import(${JSON.stringify(bundle)});
      const context = { functionName: 'directory', awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };
      const result = await handler(${JSON.stringify(event)}, context);
      console.log(JSON.stringify(result));`;
    const result = lastLineOf(runAsLambda(script)) as {
      statusCode: number;
      body: string;
    };

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error.message).toBe('stageFocus must be at most 200 characters');
  });
});

describe('without a web build, for a real account', () => {
  it(
    'refuses to synthesise a deployment that would serve a blank site',
    () => {
      const real = synthesize({ context: prodContext, webDist: join(tmpdir(), 'no-web-build-here') });
      const errors = real.violations.filter((v) => v.severity === 'error');

      expect(errors).toEqual([
        expect.objectContaining({
          rule: 'Annotation::error-annotation',
          paths: [`${real.stack.node.id}/Site`],
        }),
      ]);
      const messages = real.stack.site.node.metadata
        .filter((entry) => entry.type === 'aws:cdk:error')
        .map((entry) => entry.data);
      expect(messages).toEqual([expect.stringContaining('deploying now would serve a blank site')]);
    },
    SYNTH_TIMEOUT,
  );
});

describe('with a web build that lacks a prerendered page', () => {
  it(
    'refuses to synthesise a deployment whose CloudFront would answer that page with 403',
    () => {
      const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      try {
        const built = synthesize({ context: prodContext, webDist: dist });
        const messages = built.stack.site.node.metadata
          .filter((entry) => entry.type === 'aws:cdk:error')
          .map((entry) => entry.data);

        expect(messages).toEqual([
          expect.stringMatching(/has no home\.html, find-vc\.html: .* \/home, \/find-vc with 403/),
        ]);
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    },
    SYNTH_TIMEOUT,
  );
});

describe('without a web build', () => {
  it('deploys only runtime-config.json and warns that web/dist is missing', () => {
    const deployments = Object.values(resourcesOf(synthesized.template, 'Custom::CDKBucketDeployment'));
    const warnings = synthesized.violations.filter((v) => v.severity === 'warning');

    expect(deployments).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({
        rule: expect.stringContaining('investor-directory:web-dist-missing'),
        paths: [`${stack.node.id}/Site`],
      }),
    ]);
    expect(synthesized.violations).toHaveLength(1);
  });
});

describe('dev stage', () => {
  it('passes cdk-nag AwsSolutions: no unacknowledged finding besides the missing web build', () => {
    const listed = synthesized.violations.map((v) => `${v.severity} ${v.rule} at ${v.paths.join(', ')}`);

    expect(listed).toEqual([expect.stringContaining('investor-directory:web-dist-missing')]);
  });

  it('deletes the buckets with the stack but keeps the table', () => {
    for (const [id, bucket] of Object.entries(resourcesOf(template, 'AWS::S3::Bucket'))) {
      expect(bucket.DeletionPolicy, id).toBe('Delete');
    }
    expect(Object.keys(resourcesOf(template, 'Custom::S3AutoDeleteObjects'))).toHaveLength(4);
    const [table] = Object.values(resourcesOf(template, 'AWS::DynamoDB::GlobalTable'));
    expect(table?.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(JSON.stringify(table?.Properties?.Replicas)).toContain('"DeletionProtectionEnabled":true');
  });

  it('lets the user pool go with the stack and turns its deletion protection off', () => {
    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));

    expect(pool?.DeletionPolicy).toBe('Delete');
    expect(pool?.Properties?.DeletionProtection).toBe('INACTIVE');
    expect(pool?.Properties?.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
  });
});

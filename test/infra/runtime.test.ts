import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_BUNDLING } from '../../infra/constructs/function-bundling';
import { functionsNodeMajor, pinnedNodeVersion, runtimeMismatch } from '../support/runtime';

/** One Node everywhere: what runs the tests, the pin, engines, the types, the bundles and Lambda. */
const ROOT = join(import.meta.dirname, '../..');
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const manifest = json('package.json') as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const lock = json('package-lock.json') as { packages: Record<string, { version?: string }> };
const major = functionsNodeMajor();

describe("the project's Node", () => {
  it('is the major version the functions run on in Lambda (nodejs24.x)', () => {
    expect(major).toBe(24);
  });

  it('is what runs these tests: the pinned node package from node_modules/.bin', () => {
    expect(process.version).toBe(`v${pinnedNodeVersion()}`);
    expect(runtimeMismatch()).toBeUndefined();
  });

  it('is pinned exactly, in package.json and in the lockfile, with its install script allowed', () => {
    const pinned = pinnedNodeVersion();

    expect(pinned).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`));
    expect(lock.packages['node_modules/node']?.version).toBe(pinned);
    expect(json('node_modules/node/package.json').version).toBe(pinned);
    expect(manifest.allowScripts.node).toBe(true);
  });

  it("is what engines asks for, from the pin's version to the next major", () => {
    const [pinnedMajor, minor] = pinnedNodeVersion().split('.');

    expect(manifest.engines.node).toBe(`>=${pinnedMajor}.${minor} <${major + 1}`);
  });

  it("is what @types/node describes and what the functions' bundles target", () => {
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(json('node_modules/@types/node/package.json').version).toMatch(new RegExp(`^${major}\\.`));
    expect(FUNCTION_BUNDLING.target).toBe(`node${major}`);
  });

  it('refuses another major version, and says how to run on the right one', () => {
    expect(runtimeMismatch('20.20.2')).toBe(
      `This runs on Node 20.20.2, the functions on nodejs${major}.x (Node ${major}). Run it through npm ` +
        `(npm test, npm run ...), which puts the project's Node ${pinnedNodeVersion()} ` +
        '(node_modules/.bin/node, from npm install) first on the PATH.',
    );
  });
});

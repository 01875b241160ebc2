import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const TARBALL = join(ROOT, 'vendor/aws-local-stepfunctions-3.0.0-node20.tgz');

/** The vendored tarball's package.json (docs/decisions.md, "Supported Node versions"). */
function vendoredManifest(): Record<string, unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'vendored-'));
  execFileSync('tar', ['xzf', TARBALL, '-C', dir, 'package/package.json']);
  return JSON.parse(readFileSync(join(dir, 'package/package.json'), 'utf8')) as Record<string, unknown>;
}

describe('the vendored aws-local-stepfunctions', () => {
  it("is the published 3.0.0 with only its engines widened to the project's Node 20.19", () => {
    const manifest = vendoredManifest();

    expect(manifest).toMatchObject({
      name: 'aws-local-stepfunctions',
      version: '3.0.0',
      license: 'MIT',
      type: 'module',
      main: 'build/main.node.cjs',
      module: 'build/main.node.esm.js',
      engines: { node: '>=20.19' },
    });
  });

  it('is the package installed', () => {
    const installed = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/aws-local-stepfunctions/package.json'), 'utf8'),
    ) as Record<string, unknown>;

    expect(installed).toEqual(vendoredManifest());
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_RUNTIME } from '../../infra/constructs/function';

/**
 * The Node every script of the project runs on is the one Lambda runs the functions on
 * (docs/decisions.md, "Node 24 everywhere"): the registry's `node` package, pinned in package.json and
 * the lockfile, puts it in `node_modules/.bin`, where `npm run`, `npm test` and `npx` find it before the
 * machine's own `node`.
 */
const ROOT = join(import.meta.dirname, '../..');

/** The major version of the functions' Lambda runtime (`nodejs24.x` is 24). */
export function functionsNodeMajor(): number {
  const major = /^nodejs(\d+)\.x$/.exec(FUNCTION_RUNTIME.name)?.[1];
  if (!major) throw new Error(`the functions' runtime ${FUNCTION_RUNTIME.name} is not a Node.js runtime`);
  return Number(major);
}

/** The Node version package.json pins (`devDependencies.node`, exact). */
export function pinnedNodeVersion(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const pinned = manifest.devDependencies.node;
  if (!pinned) throw new Error('package.json pins no Node (devDependencies.node)');
  return pinned;
}

/**
 * Why this process may not run the tests, or undefined when it may: its Node's major version must be
 * the functions' runtime's.
 */
export function runtimeMismatch(version = process.versions.node): string | undefined {
  const local = Number(version.split('.')[0]);
  const lambda = functionsNodeMajor();
  if (local === lambda) return undefined;
  return (
    `This runs on Node ${version}, the functions on ${FUNCTION_RUNTIME.name} (Node ${lambda}). ` +
    `Run it through npm (npm test, npm run ...), which puts the project's Node ${pinnedNodeVersion()} ` +
    '(node_modules/.bin/node, from npm install) first on the PATH.'
  );
}

import { resolve } from 'node:path';

/** The repository root: entry files in `lambdas/routes.ts` and the registry are relative to it. */
export const REPO_ROOT = resolve(import.meta.dirname, '..');

/** An absolute path from a path relative to the repository root. */
export const fromRoot = (relativePath: string): string => resolve(REPO_ROOT, relativePath);

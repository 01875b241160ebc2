import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, NotFoundError } from '../../../lambdas/lib/errors';
import { errorResponse } from '../../../lambdas/lib/middlewares/error-envelope';
import { logger } from '../../../lambdas/lib/observability/logger';

/** The log lines Powertools wrote (JSON, one a line) while `run` ran. */
function logLines(run: () => void): { level: string; message: string; [key: string]: unknown }[] {
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture as never);
  const log = vi.spyOn(console, 'log').mockImplementation((...args) => written.push(args.join(' ')));
  const info = vi.spyOn(console, 'info').mockImplementation((...args) => written.push(args.join(' ')));
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => written.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args) => written.push(args.join(' ')));
  try {
    run();
  } finally {
    for (const spy of [out, err, log, info, warn, error]) spy.mockRestore();
  }
  return written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line));
}

// The level this file judges: a worker that ran a local-home file first has LOG_LEVEL=WARN in its
// environment (infra/local/dev-env.ts), and the logger is made once per process.
let levelBefore: ReturnType<typeof logger.getLevelName>;
beforeEach(() => {
  levelBefore = logger.getLevelName();
  logger.setLogLevel('INFO');
});
afterEach(() => {
  logger.setLogLevel(levelBefore);
  vi.restoreAllMocks();
});

describe('the error envelope logs a refusal as an ordinary outcome (issue 50)', () => {
  it('logs a 4xx at info with its status and code, never at error', () => {
    const lines = logLines(() => {
      expect(errorResponse(new NotFoundError('Cart not found')).statusCode).toBe(404);
      expect(errorResponse(new ConflictError('Changed meanwhile')).statusCode).toBe(409);
    });
    expect(lines.map((line) => [line.level, line.message, line.status])).toEqual([
      ['INFO', 'request refused', 404],
      ['INFO', 'request refused', 409],
    ]);
  });

  it('logs what the service got wrong at error', () => {
    const lines = logLines(() => {
      expect(errorResponse(new Error('boom')).statusCode).toBe(500);
    });
    expect(lines.map((line) => [line.level, line.message])).toEqual([['ERROR', 'unhandled error']]);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  API_ERROR_CODES,
  ApiError,
  apiErrorEnvelopeSchema,
  apiSuccessEnvelope,
  apiSuccessEnvelopeSchema,
  codeForStatus,
  isApiErrorCode,
  parseApiResponse,
  statusForCode,
  toErrorEnvelope,
} from '../../../shared/api/errors';
import { messages } from '../../../shared/messages';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

const SPEC_TABLE = [
  [400, 'invalid-argument'],
  [401, 'unauthenticated'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [409, 'aborted'],
  [429, 'resource-exhausted'],
  [499, 'cancelled'],
  [501, 'unimplemented'],
  [503, 'unavailable'],
  [504, 'deadline-exceeded'],
  [0, 'internal'],
  [500, 'internal'],
] as const;

describe('codeForStatus', () => {
  it.each(SPEC_TABLE)('maps %i to %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it.each([302, 402, 405, 418, 502, 505, -1, 1.5])('maps the unlisted status %s to unknown', (status) => {
    expect(codeForStatus(status)).toBe('unknown');
  });

  it('maps 2xx to ok', () => {
    expect(codeForStatus(200)).toBe('ok');
    expect(codeForStatus(204)).toBe('ok');
    expect(codeForStatus(299)).toBe('ok');
  });
});

describe('statusForCode', () => {
  it.each(SPEC_TABLE.filter(([status]) => status !== 0))('gives %i for %s', (status, code) => {
    expect(statusForCode(code)).toBe(status);
  });

  it('round-trips every code of the spec table except 0', () => {
    for (const [, code] of SPEC_TABLE) expect(codeForStatus(statusForCode(code))).toBe(code);
  });

  it('gives statuses to the codes the spec does not list', () => {
    expect(statusForCode('unknown')).toBe(500);
    expect(statusForCode('already-exists')).toBe(409);
    expect(statusForCode('failed-precondition')).toBe(400);
    expect(statusForCode('out-of-range')).toBe(400);
    expect(statusForCode('data-loss')).toBe(500);
    expect(statusForCode('ok')).toBe(200);
  });

  it('has a status for every error code', () => {
    for (const code of API_ERROR_CODES) expect(statusForCode(code)).toBeGreaterThanOrEqual(400);
  });
});

describe('ApiError', () => {
  it('carries name, code, message, status and cause', () => {
    const cause = new Error('db down');
    const error = new ApiError('unavailable', 'Try later', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('Try later');
    expect(error.status).toBe(503);
    expect(error.cause).toBe(cause);
  });

  it('keeps an explicit status and has no cause unless given', () => {
    const error = new ApiError('internal', 'x', { status: 0 });
    expect(error.status).toBe(0);
    expect(error.cause).toBeUndefined();
  });

  it('writes the error envelope', () => {
    const envelope = toErrorEnvelope(new ApiError('not-found', 'User not found'));
    expect(envelope).toEqual({ error: { code: 'not-found', message: 'User not found' } });
    expect(apiErrorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });
});

describe('isApiErrorCode', () => {
  it('recognises error codes only', () => {
    expect(isApiErrorCode('not-found')).toBe(true);
    expect(isApiErrorCode('ok')).toBe(false);
    expect(isApiErrorCode('NOT_FOUND')).toBe(false);
    expect(isApiErrorCode(404)).toBe(false);
  });
});

describe('parseApiResponse', () => {
  it('returns data from a success envelope', () => {
    expect(parseApiResponse(200, '{"data":{"message":"done"}}')).toEqual({ message: 'done' });
  });

  it('returns null and falsy data as given', () => {
    expect(parseApiResponse(200, '{"data":null}')).toBeNull();
    expect(parseApiResponse(200, '{"data":0}')).toBe(0);
    expect(parseApiResponse(201, '{"data":""}')).toBe('');
  });

  it.each(['not json', '', '[1,2]', '"text"', '42', 'null', '{"data":1'])(
    'refuses the 2xx body %j with Response is not valid JSON object.',
    (body) => {
      const error = caught(() => parseApiResponse(200, body));
      expect(error.code).toBe('internal');
      expect(error.message).toBe('Response is not valid JSON object.');
      expect(error.status).toBe(200);
    },
  );

  it('refuses a 2xx JSON object without data with Response is missing data field.', () => {
    const error = caught(() => parseApiResponse(200, '{"result":1}'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe(messages.responseMissingData);
    expect(messages.responseMissingData).toBe('Response is missing data field.');
  });

  it("throws the server's code and message from an error envelope", () => {
    const error = caught(() =>
      parseApiResponse(403, '{"error":{"code":"permission-denied","message":"Admins only"}}'),
    );
    expect(error).toMatchObject({ code: 'permission-denied', message: 'Admins only', status: 403 });
  });

  it("prefers the server's code over the status", () => {
    const error = caught(() =>
      parseApiResponse(400, '{"error":{"code":"failed-precondition","message":"m"}}'),
    );
    expect(error.code).toBe('failed-precondition');
  });

  it('falls back to the status code for a missing or unknown error code', () => {
    expect(caught(() => parseApiResponse(404, '{"error":{"message":"gone"}}'))).toMatchObject({
      code: 'not-found',
      message: 'gone',
    });
    expect(caught(() => parseApiResponse(429, '{"error":{"code":"SLOW_DOWN","message":"m"}}')).code).toBe(
      'resource-exhausted',
    );
  });

  it('uses the code as the message when the server gives none', () => {
    expect(caught(() => parseApiResponse(503, '{"error":{"code":"unavailable"}}')).message).toBe(
      'unavailable',
    );
  });

  it('treats an error envelope on a 2xx as an error with code unknown when it has no code', () => {
    const error = caught(() => parseApiResponse(200, '{"error":{"message":"odd"}}'));
    expect(error).toMatchObject({ code: 'unknown', message: 'odd', status: 200 });
  });

  it('throws the status code for a non-2xx body without an error envelope', () => {
    expect(caught(() => parseApiResponse(502, '<html>Bad gateway</html>'))).toMatchObject({
      code: 'unknown',
      message: 'unknown',
      status: 502,
    });
    expect(caught(() => parseApiResponse(500, '{"data":1}')).code).toBe('internal');
    expect(caught(() => parseApiResponse(0, '')).code).toBe('internal');
  });
});

describe('envelope schemas', () => {
  it('requires the data field but accepts null data', () => {
    expect(apiSuccessEnvelopeSchema.safeParse({ data: null }).success).toBe(true);
    expect(apiSuccessEnvelopeSchema.safeParse({}).success).toBe(false);
  });

  it('checks data against a given schema', () => {
    const envelope = apiSuccessEnvelope(z.object({ message: z.string() }));
    expect(envelope.parse({ data: { message: 'hi' } })).toEqual({ data: { message: 'hi' } });
    expect(envelope.safeParse({ data: { message: 1 } }).success).toBe(false);
  });

  it('refuses an error envelope with an unknown code or no message', () => {
    expect(apiErrorEnvelopeSchema.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(apiErrorEnvelopeSchema.safeParse({ error: { code: 'internal' } }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createDataRequestBody } from '../../../shared/api/investor-requests';
import {
  attemptsLeft,
  CODE_VALID_MINUTES,
  codeRefusal,
  DATA_REQUEST_LIMITS,
  dataRequestMessages,
  MAX_CODE_ATTEMPTS,
  normaliseCode,
  rateWindowEnd,
  rateWindowStart,
} from '../../../shared/privacy/data-requests';

const at = (iso: string) => new Date(iso);

describe("the rules of a listed person's own request (issue 30)", () => {
  it('puts every instant of a window in the same window, and the next one in the next', () => {
    const start = rateWindowStart(at('2026-03-05T10:59:59.999Z'), 1);
    expect(start).toBe('2026-03-05T10:00:00.000Z');
    expect(rateWindowStart(at('2026-03-05T10:00:00.000Z'), 1)).toBe(start);
    expect(rateWindowStart(at('2026-03-05T11:00:00.000Z'), 1)).toBe('2026-03-05T11:00:00.000Z');
    expect(rateWindowEnd(start, 1).toISOString()).toBe('2026-03-05T11:00:00.000Z');
    expect(rateWindowStart(at('2026-03-05T23:30:00.000Z'), 24)).toBe('2026-03-05T00:00:00.000Z');
  });

  it('states the limits it enforces', () => {
    expect(DATA_REQUEST_LIMITS).toEqual({
      perInvestor: { max: 1, windowHours: 24 },
      perAddress: { max: 20, windowHours: 1 },
    });
    expect(dataRequestMessages.tooManyForInvestor).toContain('a code for this investor today');
    expect(dataRequestMessages.tooManyFromAddress).toContain('20 an hour');
  });

  it('lets a code be tried while pending, unexpired and with tries left, and says why not otherwise', () => {
    const created = at('2026-03-05T10:00:00.000Z');
    const expires = new Date(created.getTime() + CODE_VALID_MINUTES * 60_000).toISOString();
    const pending = { status: 'pending' as const, codeExpiresAt: expires, attempts: 0 };
    expect(codeRefusal(pending, created)).toBeNull();
    expect(codeRefusal(pending, at('2026-03-05T10:29:59.999Z'))).toBeNull();
    expect(codeRefusal(pending, at('2026-03-05T10:30:00.000Z'))).toBe('expired');
    expect(codeRefusal({ ...pending, attempts: MAX_CODE_ATTEMPTS }, created)).toBe('locked');
    expect(codeRefusal({ ...pending, status: 'used' }, created)).toBe('used');
  });

  it('counts the tries left and says so, the last one plainly', () => {
    expect(attemptsLeft(1)).toBe(MAX_CODE_ATTEMPTS - 1);
    expect(attemptsLeft(MAX_CODE_ATTEMPTS + 3)).toBe(0);
    expect(dataRequestMessages.wrongCode(1)).toContain('1 try left');
    expect(dataRequestMessages.wrongCode(3)).toContain('3 tries left');
    expect(dataRequestMessages.wrongCode(0)).toContain('ask for a new code');
  });

  it('reads a code typed with spaces or a dash', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
  });

  it('needs the details of a correction, and never takes an address to send the code to', () => {
    expect(createDataRequestBody.safeParse({ action: 'hide' }).success).toBe(true);
    const missing = createDataRequestBody.safeParse({ action: 'correct', details: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(dataRequestMessages.detailsRequired);
    expect(createDataRequestBody.safeParse({ action: 'correct', details: 'My firm changed' }).success).toBe(
      true,
    );
    expect(createDataRequestBody.safeParse({ action: 'hide', email: 'me@example.com' }).success).toBe(false);
    expect(createDataRequestBody.safeParse({ action: 'delete' }).success).toBe(false);
  });
});

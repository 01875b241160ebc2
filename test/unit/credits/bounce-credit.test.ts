import { describe, expect, it } from 'vitest';
import {
  bounceCreditEligibility,
  grantsBounceCredit,
  resolutionOutcome,
} from '../../../shared/credits/bounce-credit';

const bought = (days: number) => ({
  reason: 'email_bounced' as const,
  field: 'email' as const,
  createdAt: new Date(Date.UTC(2026, 2, 1) + days * 86_400_000).toISOString(),
  purchasedAt: new Date(Date.UTC(2026, 2, 1)).toISOString(),
  purchasedFields: ['email' as const],
});

describe('bounce credit eligibility (offline)', () => {
  it('is eligible for a bought email reported bounced within 30 days, up to the 30th day', () => {
    expect(bounceCreditEligibility(bought(0))).toMatchObject({ eligible: true });
    expect(bounceCreditEligibility(bought(30))).toMatchObject({ eligible: true });
    expect(bounceCreditEligibility(bought(12)).note).toContain('bought 12 days before the report');
  });

  it('says why not after 30 days, for a founder who had not bought the email, and says nothing for other reports', () => {
    expect(bounceCreditEligibility(bought(31))).toEqual({
      eligible: false,
      note: 'No bounce credit: reported 31 days after the purchase (more than 30).',
    });
    expect(bounceCreditEligibility({ ...bought(1), purchasedFields: ['linkedin'] })).toEqual({
      eligible: false,
      note: 'No bounce credit: the reporter had not bought this email.',
    });
    expect(bounceCreditEligibility({ ...bought(1), purchasedAt: null, purchasedFields: [] }).eligible).toBe(
      false,
    );
    expect(bounceCreditEligibility({ ...bought(1), reason: 'wrong_person' })).toEqual({
      eligible: false,
      note: null,
    });
    expect(bounceCreditEligibility({ ...bought(1), field: 'linkedin' })).toEqual({
      eligible: false,
      note: null,
    });
  });

  it('grants only when the admin corrects or removes the email', () => {
    expect(grantsBounceCredit(bought(1), 'correct', 'email')).toBe(true);
    expect(grantsBounceCredit(bought(1), 'remove', 'email')).toBe(true);
    expect(grantsBounceCredit(bought(1), 'remove', 'linkedin')).toBe(false);
    expect(grantsBounceCredit(bought(1), 'confirm', 'email')).toBe(false);
    expect(grantsBounceCredit(bought(1), 'dismiss', null)).toBe(false);
    expect(grantsBounceCredit(bought(31), 'remove', 'email')).toBe(false);
  });
});

describe('what a resolution did (offline)', () => {
  it('is the admin’s correction or removal when the reported value is no longer the directory’s', () => {
    expect(resolutionOutcome('remove', 'email', 'a@example.com', null)).toBe('remove');
    expect(resolutionOutcome('correct', 'email', 'a@example.com', 'b@example.com')).toBe('correct');
    expect(resolutionOutcome('correct', 'email', null, 'b@example.com')).toBe('correct');
  });

  it('is a confirmation when the correction gives the value it had, a dismissal when nothing was removed', () => {
    expect(resolutionOutcome('correct', 'email', 'a@example.com', 'A@Example.com')).toBe('confirm');
    expect(resolutionOutcome('remove', 'phone', null, null)).toBe('dismiss');
    expect(resolutionOutcome('remove', null, null, null)).toBe('dismiss');
  });

  it('leaves a confirmation and a dismissal as they are', () => {
    expect(resolutionOutcome('confirm', 'email', 'a@example.com', 'a@example.com')).toBe('confirm');
    expect(resolutionOutcome('dismiss', null, null, null)).toBe('dismiss');
  });

  it('grants no credit for what changed nothing', () => {
    const outcome = resolutionOutcome('correct', 'email', 'a@example.com', 'a@example.com');
    expect(grantsBounceCredit(bought(1), outcome, 'email')).toBe(false);
  });
});

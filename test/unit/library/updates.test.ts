import { describe, expect, it } from 'vitest';
import type { ContactSheet } from '../../../shared/investors/provenance';
import {
  type BoughtValues,
  contactUpdates,
  freeUpdatesUntil,
  getsFreeUpdates,
  isoWeek,
  rowUpdatesUntil,
  valueBoughtAt,
  withUpdates,
} from '../../../shared/library/updates';

const source = { kind: 'admin' as const, name: 'admin correction', url: null, ref: 'admin-1' };
const IMPORTED = '2026-01-10T09:00:00.000Z';
const CORRECTED = '2026-03-05T12:00:00.000Z';

const bought: BoughtValues = {
  email: 'old@example.com',
  linkedinUrl: 'https://linkedin.com/in/a',
  phone: null,
  twitterUrl: null,
  crunchbaseUrl: null,
  emailChangedAt: IMPORTED,
  linkedinChangedAt: IMPORTED,
  phoneChangedAt: null,
  twitterChangedAt: null,
  crunchbaseChangedAt: null,
  purchasedAt: '2026-02-01T10:00:00.000Z',
};

const sheet = (fields: ContactSheet['fields']): ContactSheet => ({
  investorId: 'inv-1',
  fields,
  updatedAt: CORRECTED,
});
const field = (value: string | null, changedAt: string) => ({
  value,
  source,
  changedAt,
  confirmedAt: changedAt,
});

describe('free updates of bought contacts (offline)', () => {
  it('ends free updates 12 months after the purchase, on the last day of a shorter month', () => {
    expect(freeUpdatesUntil('2026-02-01T10:00:00.000Z')).toBe('2027-02-01T10:00:00.000Z');
    expect(freeUpdatesUntil('2024-02-29T08:00:00.000Z')).toBe('2025-02-28T08:00:00.000Z');
    expect(getsFreeUpdates('2026-02-01T10:00:00.000Z', new Date('2027-02-01T09:59:59.999Z'))).toBe(true);
    expect(getsFreeUpdates('2026-02-01T10:00:00.000Z', new Date('2027-02-01T10:00:00.000Z'))).toBe(false);
  });

  it('finds a changed and a removed bought value, and shows the new values', () => {
    const current = sheet({
      email: field('new@example.com', CORRECTED),
      linkedin: field(null, CORRECTED),
    });
    const updates = contactUpdates(bought, current, new Date('2026-04-01T00:00:00.000Z'));
    expect(updates).toEqual([
      {
        field: 'email',
        kind: 'email',
        status: 'updated',
        value: 'new@example.com',
        was: 'old@example.com',
        changedAt: CORRECTED,
      },
      {
        field: 'linkedinUrl',
        kind: 'linkedin',
        status: 'removed',
        value: null,
        was: 'https://linkedin.com/in/a',
        changedAt: CORRECTED,
      },
    ]);
    expect(withUpdates(bought, updates)).toMatchObject({ email: 'new@example.com', linkedinUrl: null });
  });

  it('gives nothing for a kind not bought, a value unchanged, after 12 months, or before `since`', () => {
    const current = sheet({
      email: field('old@example.com', IMPORTED),
      phone: field('+1 555 0100', CORRECTED),
    });
    expect(contactUpdates(bought, current, new Date('2026-04-01T00:00:00.000Z'))).toEqual([]);
    const changed = sheet({ email: field('new@example.com', CORRECTED) });
    expect(contactUpdates(bought, changed, new Date('2027-02-02T00:00:00.000Z'))).toEqual([]);
    expect(
      contactUpdates(bought, changed, new Date('2026-04-01T00:00:00.000Z'), '2026-03-06T00:00:00.000Z'),
    ).toEqual([]);
    expect(contactUpdates(bought, undefined, new Date('2026-04-01T00:00:00.000Z'))).toEqual([]);
  });

  it('counts each value’s 12 months from the purchase that bought it (issue 30)', () => {
    // The email bought again (cart B, 13 months after cart A); the LinkedIn link only by cart A.
    const rebought: BoughtValues = {
      ...bought,
      cartId: 'cart-a',
      purchasedAt: '2025-01-10T10:00:00.000Z',
      purchases: { 'cart-a': '2025-01-10T10:00:00.000Z', 'cart-b': '2026-02-10T10:00:00.000Z' },
      boughtIn: { email: 'cart-b', linkedinUrl: 'cart-a' },
    };
    const current = sheet({
      email: field('new@example.com', CORRECTED),
      linkedin: field('https://linkedin.com/in/b', CORRECTED),
    });
    const now = new Date('2026-04-01T00:00:00.000Z');

    expect(valueBoughtAt(rebought, 'email')).toBe('2026-02-10T10:00:00.000Z');
    expect(valueBoughtAt(rebought, 'linkedinUrl')).toBe('2025-01-10T10:00:00.000Z');
    expect(contactUpdates(rebought, current, now).map((u) => u.field)).toEqual(['email']);
    expect(rowUpdatesUntil(rebought)).toBe('2027-02-10T10:00:00.000Z');
    // A row written before purchases were kept counts everything from its first purchase.
    expect(valueBoughtAt(bought, 'email')).toBe(bought.purchasedAt);
    expect(rowUpdatesUntil(bought)).toBe('2027-02-01T10:00:00.000Z');
  });

  it('names ISO weeks, across a year end', () => {
    expect(isoWeek(new Date('2026-11-25T19:00:00.000Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-29T23:59:59.000Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2027-01-01T00:00:00.000Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00.000Z'))).toBe('2025-W01');
  });
});

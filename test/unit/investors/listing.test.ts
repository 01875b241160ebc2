import { describe, expect, it } from 'vitest';
import { emptyInvestorProfileFields } from '../../../shared/investors/investor-profile';
import {
  narrowedContacts,
  needsReview,
  offeredContacts,
  reminderDueAt,
  withoutOffers,
} from '../../../shared/investors/listing';
import {
  applyInvestorContacts,
  type ContactSheet,
  confirmedPhrase,
  confirmInvestorContacts,
  emptyContactSheet,
  freshnessLabel,
  investorConfirmedKinds,
} from '../../../shared/investors/provenance';
import { decodeSnapshot, encodeSnapshot } from '../../../shared/search/snapshot';

const listed = {
  ...emptyInvestorProfileFields('ana@example.com'),
  name: 'Ana Angel',
  investorType: 'angel' as const,
  stages: ['seed'],
  sectors: ['fintech'],
  links: { linkedin: 'https://www.linkedin.com/in/ana', twitter: '', crunchbase: '', website: '' },
  foundersMayBuy: { email: true, phone: false, linkedin: true, twitter: false, crunchbase: false },
};

describe('reminders (offline)', () => {
  it('are due 6 calendar months after the confirmation, on the last day of a shorter month', () => {
    expect(reminderDueAt('2026-05-20T10:00:00.000Z')).toBe('2026-11-20T10:00:00.000Z');
    expect(reminderDueAt('2026-08-31T09:00:00.000Z')).toBe('2027-02-28T09:00:00.000Z');
    expect(reminderDueAt('2027-08-31T09:00:00.000Z')).toBe('2028-02-29T09:00:00.000Z');
  });
});

describe('what changes without review (offline)', () => {
  it('offers only the values the investor ticked and gave', () => {
    expect(offeredContacts(listed)).toEqual({
      email: 'ana@example.com',
      phone: null,
      linkedin: 'https://www.linkedin.com/in/ana',
      twitter: null,
      crunchbase: null,
    });
  });

  it('needs no review for nothing changed or offers taken back; needs one for a new value, name or offer', () => {
    expect(needsReview(listed, { ...listed })).toBe(false);
    const narrowed = withoutOffers(listed, ['linkedin']);
    expect(narrowedContacts(listed, narrowed)).toEqual(['linkedin']);
    expect(needsReview(listed, narrowed)).toBe(false);
    expect(needsReview(listed, { ...listed, name: 'Ana B. Angel' })).toBe(true);
    expect(needsReview(listed, { ...listed, contact: { email: 'new@example.com', phone: '' } })).toBe(true);
    // Profile facts are the listing's too (issue 48): a change to them alone waits for review.
    expect(needsReview(listed, { ...listed, typicalCheque: 50_000 })).toBe(true);
    expect(
      needsReview(listed, {
        ...listed,
        portfolio: [{ name: 'Orbit', website: null, stage: null, year: 2024 }],
      }),
    ).toBe(true);
    expect(
      needsReview(listed, { ...listed, geographicFocus: [], portfolio: [], recentInvestments: [] }),
    ).toBe(false);
    expect(
      needsReview(listed, { ...listed, foundersMayBuy: { ...listed.foundersMayBuy, phone: true } }),
    ).toBe(true);
    // Narrowing alongside another change: the change still needs a review.
    expect(needsReview(listed, { ...narrowed, thesis: 'New thesis' })).toBe(true);
  });
});

describe("the investor's word on a contact sheet (offline)", () => {
  const importedSheet: ContactSheet = {
    investorId: 'inv_1',
    fields: {
      email: {
        value: 'ana@example.com',
        source: { kind: 'import', name: 'List', url: null, ref: 'imp_1' },
        changedAt: '2026-01-10T00:00:00.000Z',
        confirmedAt: '2026-01-10T00:00:00.000Z',
      },
      phone: {
        value: '+1 555 0100',
        source: { kind: 'import', name: 'List', url: null, ref: 'imp_1' },
        changedAt: '2026-01-10T00:00:00.000Z',
        confirmedAt: '2026-01-10T00:00:00.000Z',
      },
    },
    updatedAt: '2026-01-10T00:00:00.000Z',
  };

  it('confirms a value they repeat (changedAt kept), and withdraws one they do not offer', () => {
    const at = '2026-11-25T12:00:00.000Z';
    const sheet = applyInvestorContacts(
      importedSheet,
      { email: 'ANA@example.com', phone: null },
      'user-1',
      at,
      'ana@example.com',
    );
    expect(sheet.fields.email).toMatchObject({
      value: 'ana@example.com',
      source: { kind: 'investor', ref: 'user-1' },
      changedAt: '2026-01-10T00:00:00.000Z',
      confirmedAt: at,
    });
    expect(sheet.fields.phone).toMatchObject({ value: null, source: { kind: 'investor' }, changedAt: at });
    expect(investorConfirmedKinds(sheet)).toEqual(['email']);
    // Withdrawn again later: the withdrawal keeps its first date.
    const later = applyInvestorContacts(sheet, { phone: null }, 'user-1', '2026-12-01T00:00:00.000Z');
    expect(later.fields.phone?.changedAt).toBe(at);
  });

  it("confirms only the investor's own values when they confirm the profile", () => {
    const sheet = applyInvestorContacts(
      { ...importedSheet, fields: { phone: importedSheet.fields.phone } },
      { email: 'ana@example.com' },
      'user-1',
      '2026-05-01T00:00:00.000Z',
      'ana@example.com',
    );
    const confirmed = confirmInvestorContacts(sheet, 'user-1', '2026-11-01T00:00:00.000Z', 'ana@example.com');
    expect(investorConfirmedKinds(confirmed)).toEqual(['email']);
    expect(confirmed.fields.email?.confirmedAt).toBe('2026-11-01T00:00:00.000Z');
    expect(confirmed.fields.email?.changedAt).toBe('2026-05-01T00:00:00.000Z');
    expect(confirmed.fields.phone).toEqual(importedSheet.fields.phone);
    expect(investorConfirmedKinds(emptyContactSheet('inv_2', '2026-01-01T00:00:00.000Z'))).toEqual([]);
  });

  it('marks only the email their account verified as confirmed by the investor (issue 48)', () => {
    const at = '2026-11-25T12:00:00.000Z';
    const typed = applyInvestorContacts(
      importedSheet,
      { email: 'someone.else@example.com', phone: '+1 555 0100', linkedin: 'https://linkedin.com/in/ana' },
      'user-1',
      at,
      'ana@example.com',
    );
    expect(typed.fields.email).toMatchObject({
      value: 'someone.else@example.com',
      source: { kind: 'investor', verified: false },
    });
    expect(typed.fields.phone?.source).toMatchObject({ kind: 'investor', verified: false });
    expect(investorConfirmedKinds(typed)).toEqual([]);
    // Without a verified email nothing is theirs to confirm; a confirmation does not make it so.
    expect(
      investorConfirmedKinds(confirmInvestorContacts(typed, 'user-1', '2027-01-01T00:00:00.000Z')),
    ).toEqual([]);
    // A value stored before the flag (issue 21) is not shown as theirs until they confirm it.
    const old = {
      ...typed,
      fields: {
        email: {
          ...importedSheet.fields.email,
          source: { kind: 'investor', name: 'investor', url: null, ref: 'user-1' },
        },
      },
    } as typeof typed;
    expect(investorConfirmedKinds(old)).toEqual([]);
    const reconfirmed = confirmInvestorContacts(old, 'user-1', '2027-01-01T00:00:00.000Z', 'ANA@example.com');
    expect(investorConfirmedKinds(reconfirmed)).toEqual(['email']);
  });

  it('says "confirmed by the investor" on the card for their values only', () => {
    expect(confirmedPhrase('2026-11', true)).toBe('confirmed by the investor Nov 2026');
    expect(freshnessLabel('email', { email: '2026-11' }, ['email'])).toBe(
      'Email · confirmed by the investor Nov 2026',
    );
    expect(freshnessLabel('phone', { phone: '2026-03' }, ['email'])).toBe('Phone · confirmed Mar 2026');
  });
});

describe('the search snapshot keeps the marker and tombstones (offline)', () => {
  const card = {
    id: 'inv_1',
    name: 'Ana',
    investorRole: 'angel',
    stageFocus: ['seed'],
    sectorFocus: ['fintech'],
    hasEmail: true,
    hasPhone: false,
    hasLinkedIn: true,
    hasTwitter: false,
    hasCrunchbase: false,
    firmName: null,
    title: null,
    cities: [],
    countries: [],
    checkMin: null,
    checkMax: null,
    contactConfirmed: { email: '2026-11', linkedin: '2026-11' },
  };

  it('round-trips the kinds confirmed by the investor and a removal; rows without them keep 14 columns', () => {
    const snapshot = encodeSnapshot(
      [
        { card: { ...card, confirmedByInvestor: ['email'] }, updatedAt: '2026-11-25T00:00:00.000Z' },
        { card: { ...card, id: 'inv_2' }, updatedAt: '2026-11-25T00:00:00.000Z', removed: true },
        { card: { ...card, id: 'inv_3' }, updatedAt: '2026-11-25T00:00:00.000Z' },
      ],
      new Date('2026-11-25T00:00:00.000Z'),
    );
    expect(snapshot.rows[2]).toHaveLength(14);
    const [first, second, third] = decodeSnapshot(JSON.parse(JSON.stringify(snapshot))).investors;
    expect(first?.card.confirmedByInvestor).toEqual(['email']);
    expect(first?.removed).toBeUndefined();
    expect(second?.removed).toBe(true);
    expect(third?.card).toEqual({ ...card, id: 'inv_3' });
  });
});

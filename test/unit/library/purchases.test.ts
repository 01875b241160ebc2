import { describe, expect, it } from 'vitest';
import { type LibraryPurchase, type LibraryRow, mergePurchase } from '../../../shared/library/purchases';

const purchase = (overrides: Partial<LibraryPurchase> = {}): LibraryPurchase => ({
  userId: 'user-1',
  searchableInvestorId: 'inv-1',
  importedInvestorId: 'imp-1',
  name: 'Ada Lovelace',
  cartId: 'cart-a',
  purchasedAt: '2025-01-10T10:00:00.000Z',
  values: { email: { value: 'ada@example.com', changedAt: '2025-01-01T00:00:00.000Z' } },
  ...overrides,
});

const first = mergePurchase(null, purchase()) as LibraryRow;

describe('a purchase entering the library (offline)', () => {
  it('creates the row with the values bought, each knowing its purchase', () => {
    expect(first).toEqual({
      userId: 'user-1',
      searchableInvestorId: 'inv-1',
      importedInvestorId: 'imp-1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      linkedinUrl: null,
      phone: null,
      twitterUrl: null,
      crunchbaseUrl: null,
      emailChangedAt: '2025-01-01T00:00:00.000Z',
      linkedinChangedAt: null,
      phoneChangedAt: null,
      twitterChangedAt: null,
      crunchbaseChangedAt: null,
      cartId: 'cart-a',
      purchasedAt: '2025-01-10T10:00:00.000Z',
      cartIds: ['cart-a'],
      purchases: { 'cart-a': '2025-01-10T10:00:00.000Z' },
      boughtIn: { email: 'cart-a' },
    });
  });

  it('changes nothing when the purchase is already in the row (a re-run of its delivery)', () => {
    const rerun = purchase({
      values: { email: { value: 'changed@example.com', changedAt: '2026-01-01T00:00:00.000Z' } },
    });
    expect(mergePurchase(first, rerun)).toBeNull();
  });

  it('takes a later purchase’s values and keeps the first purchase’s date and cart', () => {
    const later = mergePurchase(
      first,
      purchase({
        cartId: 'cart-b',
        purchasedAt: '2026-02-10T10:00:00.000Z',
        name: 'Ada King',
        values: {
          email: { value: 'ada@new.example.com', changedAt: '2026-02-01T00:00:00.000Z' },
          phone: { value: '+1 555 0100', changedAt: '2026-02-01T00:00:00.000Z' },
        },
      }),
    );
    expect(later).toMatchObject({
      name: 'Ada King',
      email: 'ada@new.example.com',
      phone: '+1 555 0100',
      cartId: 'cart-a',
      purchasedAt: '2025-01-10T10:00:00.000Z',
      cartIds: ['cart-a', 'cart-b'],
      purchases: { 'cart-a': '2025-01-10T10:00:00.000Z', 'cart-b': '2026-02-10T10:00:00.000Z' },
      boughtIn: { email: 'cart-b', phone: 'cart-b' },
    });
  });

  it('keeps what a later purchase gave when an earlier cart is delivered after it, and erases nothing', () => {
    const newer = mergePurchase(
      null,
      purchase({ cartId: 'cart-b', purchasedAt: '2026-02-10T10:00:00.000Z', name: 'Ada King' }),
    ) as LibraryRow;
    const older = mergePurchase(
      newer,
      purchase({
        values: {
          email: { value: 'old@example.com', changedAt: '2024-01-01T00:00:00.000Z' },
          linkedinUrl: { value: 'https://linkedin.com/in/ada', changedAt: '2024-01-01T00:00:00.000Z' },
        },
      }),
    );
    expect(older).toMatchObject({
      name: 'Ada King',
      email: 'ada@example.com',
      linkedinUrl: 'https://linkedin.com/in/ada',
      cartId: 'cart-a',
      purchasedAt: '2025-01-10T10:00:00.000Z',
      boughtIn: { email: 'cart-b', linkedinUrl: 'cart-a' },
    });
    // A Name-only cart erases nothing.
    const nameOnly = mergePurchase(
      older as LibraryRow,
      purchase({ cartId: 'cart-c', values: {}, purchasedAt: '2026-05-01T00:00:00.000Z' }),
    );
    expect(nameOnly).toMatchObject({ email: 'ada@example.com', linkedinUrl: 'https://linkedin.com/in/ada' });
  });

  it('reads a row written before purchases were kept as bought by its first cart', () => {
    const legacy = { ...first, purchases: {}, boughtIn: {} };
    const later = mergePurchase(
      legacy,
      purchase({ cartId: 'cart-b', purchasedAt: '2026-02-10T10:00:00.000Z', values: {} }),
    );
    expect(later).toMatchObject({
      purchases: { 'cart-a': '2025-01-10T10:00:00.000Z', 'cart-b': '2026-02-10T10:00:00.000Z' },
      boughtIn: { email: 'cart-a' },
    });
    expect(
      mergePurchase({ ...legacy, cartIds: ['cart-a', 'cart-b'] }, purchase({ cartId: 'cart-b' })),
    ).toBeNull();
  });
});

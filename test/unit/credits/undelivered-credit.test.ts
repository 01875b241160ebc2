import { describe, expect, it } from 'vitest';
import { creditHistoryLabel, undeliveredCreditLine } from '../../../shared/credits/undelivered-credit';

describe('credits for contacts a paid cart could not deliver: wording', () => {
  it('says nothing when every contact was delivered', () => {
    expect(undeliveredCreditLine(0, false)).toBeNull();
    expect(undeliveredCreditLine(0, true)).toBeNull();
  });

  it('tells the buyer how many contacts are missing and how many credits they got, singular and plural', () => {
    expect(undeliveredCreditLine(1, false)).toBe(
      '1 of the contacts you paid for is no longer in the directory, so this list does not include it: we added 1 credit to your account. A credit adds any investor’s contact to your library free: use it from the investor’s page (“Use a credit”).',
    );
    expect(undeliveredCreditLine(3, false)).toBe(
      '3 of the contacts you paid for are no longer in the directory, so this list does not include them: we added 3 credits to your account. A credit adds any investor’s contact to your library free: use it from the investor’s page (“Use a credit”).',
    );
  });

  it('tells a founder who used a credit that it was given back', () => {
    expect(undeliveredCreditLine(1, true)).toBe(
      'The contact you chose is no longer in the directory, so it is not in this list: we gave your credit back. Use it for another investor from their page (“Use a credit”).',
    );
  });

  it('labels each kind of history line around the investor name', () => {
    const label = (kind: 'granted' | 'redeemed' | 'undelivered', cartId: string | null, name: string) => {
      const { before, after } = creditHistoryLabel({ kind, cartId });
      return `${before}${name}${after}`;
    };
    expect(label('granted', null, 'Ada')).toBe('+1 granted for your report about Ada');
    expect(label('redeemed', 'cart_1', 'Bea')).toBe('−1 redeemed for Bea');
    expect(label('undelivered', 'cart_20260301-ABCDEFGH', 'Cy')).toBe(
      '+1 for Cy, no longer in the directory (cart cart_20260301-ABCDEFGH)',
    );
  });
});

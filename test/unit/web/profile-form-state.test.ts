import { describe, expect, it } from 'vitest';
import { emptyInvestorProfileFields } from '../../../shared/investors/investor-profile';
import {
  bodyOf,
  chequeMessages,
  chequeText,
  formProblems,
  formStateOf,
} from '../../../web/pages/investor-account/profile-form-state';

describe("the investor profile form's state", () => {
  it('writes cheques short and reads them back (k, m, b or digits)', () => {
    expect([25_000, 1_500_000, 2_000_000_000, 12_345, 0, null].map(chequeText)).toEqual([
      '25k',
      '1.5m',
      '2b',
      '12345',
      '0',
      '',
    ]);
  });

  it('turns the inputs into the save request: lists split on commas, cheques parsed, blanks as null', () => {
    const form = {
      ...formStateOf(emptyInvestorProfileFields('ana@example.com')),
      name: 'Ana',
      investorType: 'vc' as const,
      stages: ['series a', 'seed'],
      sectors: 'Fintech, Climate Tech;  ',
      countries: 'Portugal',
      chequeMin: '25k',
      chequeMax: '',
      leadsRounds: 'no' as const,
    };
    const converted = bodyOf(form);
    expect(converted).toMatchObject({
      body: {
        name: 'Ana',
        investorType: 'vc',
        stages: ['seed', 'series a'],
        sectors: ['Fintech', 'Climate Tech'],
        countries: ['Portugal'],
        cities: [],
        chequeMin: 25_000,
        chequeMax: null,
        leadsRounds: false,
        contact: { email: 'ana@example.com', phone: '' },
      },
    });
  });

  it('shows stored sectors as the directory shows them', () => {
    const state = formStateOf({ ...emptyInvestorProfileFields('a@example.com'), sectors: ['fintech', 'ai'] });
    expect(state.sectors).toBe('Fintech, AI');
  });

  it('says what stops a save (a cheque that is no amount) and what stops a submission', () => {
    const empty = formStateOf(emptyInvestorProfileFields('a@example.com'));
    expect(formProblems({ ...empty, chequeMin: 'lots' }, false)).toEqual([chequeMessages.min]);
    expect(formProblems(empty, false)).toEqual([]);
    expect(formProblems(empty, true)).toHaveLength(4);
  });
});

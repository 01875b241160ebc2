import { describe, expect, it } from 'vitest';
import { FUND_SIZE_MESSAGE, VINTAGE_MESSAGE } from '../../../shared/investors/deploying';
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
      leadOrFollow: 'follow' as const,
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
        leadOrFollow: 'follow',
        typicalCheque: null,
        portfolio: [],
        contact: { email: 'ana@example.com', phone: '' },
      },
    });
  });

  it('reads the profile facts (issue 33): one company or investment a line, and writes them back alike', () => {
    const form = {
      ...formStateOf(emptyInvestorProfileFields('ana@example.com')),
      leadOrFollow: 'both' as const,
      typicalCheque: '100k',
      geographicFocus: 'Portugal, Europe',
      portfolio: 'Acme Robotics (acme.example, Seed, 2021)\nGlobex',
      recentInvestments: 'Lumen Health (Series A, 2024-03, $4M)',
    };
    const converted = bodyOf(form);
    expect(converted).toMatchObject({
      body: {
        leadsRounds: true,
        leadOrFollow: 'both',
        typicalCheque: 100_000,
        geographicFocus: ['Portugal', 'Europe'],
        portfolio: [
          { name: 'Acme Robotics', website: 'https://acme.example', stage: 'Seed', year: 2021 },
          { name: 'Globex', website: null, stage: null, year: null },
        ],
        recentInvestments: [
          { company: 'Lumen Health', round: 'Series A', date: '2024-03', amount: 4_000_000 },
        ],
      },
    });
    if (!('body' in converted)) throw new Error('not converted');
    const again = formStateOf({
      ...emptyInvestorProfileFields('ana@example.com'),
      leadOrFollow: 'both',
      portfolio: converted.body.portfolio ?? [],
      recentInvestments: converted.body.recentInvestments ?? [],
    });
    expect(again.portfolio).toBe('Acme Robotics (https://acme.example, Seed, 2021)\nGlobex');
    expect(again.recentInvestments).toBe('Lumen Health (Series A, 2024-03, 4m)');
    expect(again.leadOrFollow).toBe('both');
  });

  it('says which line of the portfolio it cannot read', () => {
    const form = {
      ...formStateOf(emptyInvestorProfileFields('a@example.com')),
      portfolio: 'Acme (Seed, Series A)',
    };
    expect(bodyOf(form)).toEqual({ error: chequeMessages.portfolioLine('Acme (Seed, Series A)') });
  });

  it('reads the fund size and vintage (issue 52), and says what is wrong with one that is not', () => {
    const empty = formStateOf(emptyInvestorProfileFields('ana@example.com'));
    expect([empty.fundSize, empty.vintage]).toEqual(['', '']);
    expect(bodyOf({ ...empty, fundSize: '150m', vintage: ' 2021 ' })).toMatchObject({
      body: { fundSize: 150_000_000, vintage: 2021 },
    });
    expect(bodyOf({ ...empty, fundSize: '', vintage: '' })).toMatchObject({
      body: { fundSize: null, vintage: null },
    });
    expect(bodyOf({ ...empty, fundSize: 'big' })).toEqual({ error: FUND_SIZE_MESSAGE });
    expect(bodyOf({ ...empty, vintage: '1899' })).toEqual({ error: VINTAGE_MESSAGE });
    expect(bodyOf({ ...empty, vintage: 'Fund II' })).toEqual({ error: VINTAGE_MESSAGE });
    const stored = { ...emptyInvestorProfileFields('ana@example.com'), fundSize: 80_000_000, vintage: 2019 };
    expect(formStateOf(stored)).toMatchObject({ fundSize: '80m', vintage: '2019' });
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

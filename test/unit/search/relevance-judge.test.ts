import { describe, expect, it } from 'vitest';
import {
  bestLocalFits,
  firstRankOf,
  isFullFit,
  type JudgedRaise,
  judgeRules,
  precisionAt,
  recallAt,
  trulyMatches,
} from '../../../bench/relevance/judge';
import type { IndexedInvestor } from '../../../shared/search/index-data';

/** The relevance benchmark's judge (issue 49), on small hand-made directories. */

const raise = (fields: Partial<JudgedRaise> = {}): JudgedRaise => ({
  round: 'Seed',
  amountUsd: 2_500_000,
  country: 'Germany',
  city: 'Berlin',
  leadWanted: true,
  sectors: ['robotics', 'logistics'],
  ...fields,
});

let next = 0;
const investor = (
  card: Partial<IndexedInvestor['card']> = {},
  facts: IndexedInvestor['facts'] = {},
): IndexedInvestor => ({
  card: {
    id: `inv_${next++}`,
    name: 'Some Investor',
    investorRole: 'vc',
    stageFocus: [],
    sectorFocus: [],
    hasEmail: false,
    hasPhone: false,
    hasLinkedIn: false,
    hasTwitter: false,
    hasCrunchbase: false,
    ...card,
  },
  updatedAt: '2026-11-01T00:00:00.000Z',
  facts,
});

/** A Berlin seed VC in Robotics, $100K–$5M, who leads: accepted. */
const berlinVc = (card: Partial<IndexedInvestor['card']> = {}, facts: IndexedInvestor['facts'] = {}) =>
  investor(
    {
      stageFocus: ['seed', 'series a'],
      sectorFocus: ['robotics'],
      checkMin: 100_000,
      checkMax: 5_000_000,
      countries: ['Germany'],
      cities: ['Berlin'],
      ...card,
    },
    { leadOrFollow: 'lead', ...facts },
  );

describe('the relevance judge', () => {
  it('accepts an investor only when every rule the raise asks holds', () => {
    expect(isFullFit(raise(), berlinVc())).toBe(true);
    expect(judgeRules(raise(), berlinVc())).toEqual({
      stage: true,
      sector: true,
      place: true,
      cheque: true,
      lead: true,
    });
    // Each rule failing alone refuses the investor.
    const refused: [string, IndexedInvestor][] = [
      ['stage', berlinVc({ stageFocus: ['series b'] })],
      ['stage not known', berlinVc({ stageFocus: [] })],
      ['sector', berlinVc({ sectorFocus: ['fintech'] })],
      ['place', berlinVc({ countries: ['Japan'], cities: ['Tokyo'] })],
      ['place by focus', berlinVc({}, { investsIn: ['India'] })],
      ['cheque too small', berlinVc({ checkMin: 10_000, checkMax: 200_000 })],
      ['smallest over the round', berlinVc({ checkMin: 3_000_000, checkMax: 9_000_000 })],
      ['cheque not known', berlinVc({ checkMin: null, checkMax: null })],
      ['follows', berlinVc({}, { leadOrFollow: 'follow' })],
      ['lead not known', berlinVc({}, { leadOrFollow: null })],
      ['an angel for $2.5M', berlinVc({ investorRole: 'angel' })],
      ['too small to lead', berlinVc({ checkMin: 50_000, checkMax: 400_000 })],
    ];
    for (const [why, who] of refused) expect(isFullFit(raise(), who), why).toBe(false);
  });

  it('reads sectors, stages and places through the taxonomy', () => {
    // A generalist, a stage by its label, a region holding the country, the whole world.
    expect(isFullFit(raise(), berlinVc({ sectorFocus: ['generalist'] }))).toBe(true);
    expect(isFullFit(raise({ round: 'series a' }), berlinVc())).toBe(true);
    expect(
      isFullFit(raise(), berlinVc({ countries: ['France'], cities: ['Paris'] }, { investsIn: ['DACH'] })),
    ).toBe(true);
    expect(isFullFit(raise(), berlinVc({ countries: ['Japan'] }, { investsIn: ['Global'] }))).toBe(true);
    expect(isFullFit(raise(), berlinVc({ countries: ['Japan'] }, { investsIn: ['Asia'] }))).toBe(false);
    // Healthtech is the taxonomy's Health.
    expect(isFullFit(raise({ sectors: ['healthtech'] }), berlinVc({ sectorFocus: ['health'] }))).toBe(true);
  });

  it('asks only what the raise gives: no sectors, no lead, no amount; a raise asking nothing accepts nobody', () => {
    const follower = berlinVc(
      { sectorFocus: ['fintech'], checkMin: null, checkMax: null },
      { leadOrFollow: 'follow' },
    );
    expect(isFullFit(raise({ sectors: [], leadWanted: false, amountUsd: null }), follower)).toBe(true);
    expect(
      isFullFit(
        { round: null, amountUsd: null, country: null, city: null, leadWanted: null, sectors: [] },
        berlinVc(),
      ),
    ).toBe(false);
    // Lead wanted without an amount: leading is enough.
    expect(isFullFit(raise({ amountUsd: null }), berlinVc({ investorRole: 'angel' }))).toBe(true);
  });

  it('finds the best local fit: the city first, the most rules, a cheque the round builds on, the most sectors', () => {
    const parisFund = berlinVc({ countries: ['France'], cities: ['Paris'] }, { investsIn: ['Europe'] });
    const munich = berlinVc({ cities: ['Munich'], sectorFocus: ['robotics', 'logistics'] });
    const local = berlinVc();
    const localBoth = berlinVc({ sectorFocus: ['robotics', 'logistics'], checkMin: 500_000 });
    const localTiny = berlinVc({
      sectorFocus: ['robotics', 'logistics'],
      checkMin: 50_000,
      checkMax: 500_000,
    });
    const localFollower = berlinVc({ sectorFocus: ['robotics', 'logistics'] }, { leadOrFollow: 'follow' });
    const directory = [parisFund, munich, local, localBoth, localTiny, localFollower];
    expect(bestLocalFits(raise(), directory)).toEqual(new Set([localBoth.card.id]));
    // Nobody in the city: the country's.
    expect(bestLocalFits(raise(), [parisFund, munich])).toEqual(new Set([munich.card.id]));
    // Nobody local who fits: the local investor meeting the most rules.
    expect(bestLocalFits(raise(), [parisFund, localFollower])).toEqual(new Set([localFollower.card.id]));
    // Nobody in the country at all.
    expect(bestLocalFits(raise(), [parisFund]).size).toBe(0);
    // Alike: both count.
    const twin = berlinVc({ sectorFocus: ['robotics', 'logistics'], checkMin: 500_000 });
    expect(bestLocalFits(raise(), [localBoth, twin])).toEqual(new Set([localBoth.card.id, twin.card.id]));
  });

  it('says which investors truly match a search: the value meant, or the name and firm words', () => {
    const health = investor({ sectorFocus: ['health'] });
    const named = investor({ name: 'Ada Healthtech', firmName: 'Other Capital' });
    const firm = investor({ name: 'Bo Lind', firmName: 'HealthTech Partners' });
    const other = investor({ sectorFocus: ['fintech'], stageFocus: ['series b'] });
    const seriesA = investor({ stageFocus: ['series a'] });
    const berlin = investor({ cities: ['Berlin'] });
    const healthtech = { sector: 'health' };
    expect([health, named, firm, other].map((i) => trulyMatches('healthtech', healthtech, i))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([seriesA, other].map((i) => trulyMatches('seris a', { stage: 'Series A' }, i))).toEqual([
      true,
      false,
    ]);
    expect([berlin, other].map((i) => trulyMatches('berlin', { city: 'Berlin' }, i))).toEqual([true, false]);
    // A person: only the one meant, whatever the name says.
    const meant = investor({ name: 'Joshua Beckett' });
    const namesake = investor({ name: 'Joshua Beckett' });
    expect(trulyMatches('joshua beckftt', { person: meant.card.id }, meant)).toBe(true);
    expect(trulyMatches('joshua beckett', { person: meant.card.id }, namesake)).toBe(false);
  });

  it('counts precision over k answers, recall of the accepted in the top n, and the first rank', () => {
    const accepted = new Set(['a', 'b', 'c', 'd']);
    const ranked = ['a', 'x', 'b', 'y', 'c'];
    expect(precisionAt(2, ranked, accepted)).toBe(0.5);
    // Fewer answers than k count as misses.
    expect(precisionAt(10, ranked, accepted)).toBe(0.3);
    expect(recallAt(4, ranked, accepted)).toBe(0.5);
    expect(recallAt(5, ranked, accepted)).toBe(0.75);
    expect(recallAt(5, ranked, new Set())).toBe(1);
    expect(firstRankOf(ranked, new Set(['c', 'y']))).toBe(4);
    expect(firstRankOf(ranked, new Set(['z']))).toBeNull();
  });
});

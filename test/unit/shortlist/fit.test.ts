import { describe, expect, it } from 'vitest';
import {
  completenessOf,
  FIT_CLOSENESS_MAX,
  FIT_POINTS,
  type FitInvestor,
  type FitRaise,
  listInWords,
  rankKeyOf,
  scoreFit,
  shareInWords,
} from '../../../shared/shortlist/fit';
import { fitWords } from '../../../shared/shortlist/places-port';

/** The founder of issue 49: a $2.5M seed in Berlin, a lead wanted, Robotics and Logistics. */
const raise = (fields: Partial<FitRaise> = {}): FitRaise => ({
  round: 'seed',
  amountUsd: 2_500_000,
  country: 'Germany',
  city: 'Berlin',
  leadWanted: true,
  sectors: ['robotics', 'logistics'],
  ...fields,
});

const investor = (fields: Partial<FitInvestor> = {}): FitInvestor => ({
  role: 'vc',
  stageFocus: [],
  sectorFocus: [],
  checkMin: null,
  checkMax: null,
  typicalCheque: null,
  leadOrFollow: null,
  investsIn: [],
  countries: [],
  cities: [],
  hasEmail: false,
  hasLinkedIn: false,
  investorConfirmedMonth: null,
  ...fields,
});

/** A Berlin seed VC in Robotics, $100K–$5M, leading: the best local fit of the issue. */
const berlinVc = investor({
  stageFocus: ['seed', 'series a'],
  sectorFocus: ['robotics'],
  checkMin: 100_000,
  checkMax: 5_000_000,
  leadOrFollow: 'lead',
  countries: ['Germany'],
  cities: ['Berlin'],
});

const texts = (result: ReturnType<typeof scoreFit>) => result.reasons.map((reason) => reason.text);
const against = (result: ReturnType<typeof scoreFit>) =>
  result.reasons.filter((reason) => reason.tone === 'against').map((reason) => reason.text);
const rank = (result: ReturnType<typeof scoreFit>, who: FitInvestor) =>
  rankKeyOf(result, completenessOf(who));

describe('the fit of an investor to a raise', () => {
  it('calls an investor meeting every must-have a fit, and says why in a founder’s words', () => {
    const result = scoreFit(raise(), berlinVc, fitWords);
    expect(result.band).toBe('fit');
    expect(result.asked).toBe(5);
    expect(result.met).toBe(5);
    expect(result.missing).toEqual([]);
    expect(texts(result)).toEqual([
      'invests at Seed',
      'Robotics',
      'based in Berlin',
      'cheque $100K–$5M covers all of your $2.5M',
      'leads rounds',
    ]);
    expect(result.score).toBe(result.reasons.reduce((sum, reason) => sum + reason.points, 0));
    expect(result.score).toBeLessThanOrEqual(FIT_CLOSENESS_MAX);
  });

  it('ranks the Berlin seed VC above a Paris fund that invests in Europe (place as a hierarchy)', () => {
    const paris = investor({ ...berlinVc, countries: ['France'], cities: ['Paris'], investsIn: ['Europe'] });
    const local = scoreFit(raise(), berlinVc, fitWords);
    const far = scoreFit(raise(), paris, fitWords);
    expect(far.band).toBe('fit');
    expect(texts(far)).toContain('invests in Europe');
    expect(local.score).toBeGreaterThan(far.score);
    expect(rank(local, berlinVc)).toBeGreaterThan(rank(far, paris));
  });

  it('grades place: the city, then the country, then the country named, a region, worldwide', () => {
    const points = (who: Partial<FitInvestor>) =>
      scoreFit(raise(), investor({ ...berlinVc, countries: [], cities: [], ...who }), fitWords).reasons.find(
        (reason) => reason.criterion === 'location',
      );
    expect(points({ countries: ['Germany'], cities: ['Berlin'] })).toMatchObject({
      text: 'based in Berlin',
      points: FIT_POINTS.location.basedInCity,
    });
    expect(points({ countries: ['Germany'], cities: ['Munich'] })).toMatchObject({
      text: 'based in Germany',
      points: FIT_POINTS.location.basedInCountry,
    });
    expect(points({ countries: ['France'], investsIn: ['Deutschland'] })).toMatchObject({
      text: 'invests in Germany',
      points: FIT_POINTS.location.investsInCountry,
    });
    expect(points({ countries: ['France'], investsIn: ['DACH'] })).toMatchObject({
      points: FIT_POINTS.location.investsInRegion,
    });
    expect(points({ countries: ['Japan'], investsIn: ['Global'] })).toMatchObject({
      text: 'invests worldwide',
      points: FIT_POINTS.location.worldwide,
    });
    const order = [
      FIT_POINTS.location.basedInCity,
      FIT_POINTS.location.basedInCountry,
      FIT_POINTS.location.investsInCountry,
      FIT_POINTS.location.investsInRegion,
      FIT_POINTS.location.worldwide,
    ];
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });

  it('misses place when they invest elsewhere, or sit elsewhere and say nothing of where they invest', () => {
    const tokyo = scoreFit(
      raise(),
      investor({ ...berlinVc, countries: ['Japan'], cities: ['Tokyo'] }),
      fitWords,
    );
    expect(tokyo.band).toBe('partial');
    expect(tokyo.missing).toEqual(['based in Japan, not Germany']);
    const usOnly = scoreFit(raise(), investor({ ...berlinVc, investsIn: ['United States'] }), fitWords);
    expect(usOnly.missing).toEqual(['does not invest in Germany']);
    const nowhere = scoreFit(raise(), investor({ ...berlinVc, countries: [], cities: [] }), fitWords);
    expect(nowhere.missing).toEqual(['where they invest not known']);
  });

  it('misses the stage when they list stages without the round, and says so', () => {
    const result = scoreFit(raise(), investor({ ...berlinVc, stageFocus: ['series b'] }), fitWords);
    expect(result.band).toBe('partial');
    expect(result.met).toBe(4);
    expect(result.missing).toEqual(['does not invest at Seed']);
  });

  it('needs at least one sector in common, or a generalist, for fewer points', () => {
    const two = scoreFit(
      raise(),
      investor({ ...berlinVc, sectorFocus: ['logistics', 'robotics'] }),
      fitWords,
    );
    const one = scoreFit(raise(), berlinVc, fitWords);
    const generalist = scoreFit(raise(), investor({ ...berlinVc, sectorFocus: ['generalist'] }), fitWords);
    const none = scoreFit(raise(), investor({ ...berlinVc, sectorFocus: ['fintech'] }), fitWords);
    expect(texts(two)).toContain('Robotics, and Logistics');
    expect(texts(generalist)).toContain('invests across sectors');
    expect([two.band, one.band, generalist.band, none.band]).toEqual(['fit', 'fit', 'fit', 'partial']);
    expect(two.score).toBeGreaterThan(one.score);
    expect(one.score).toBeGreaterThan(generalist.score);
    expect(none.missing).toEqual(['no Robotics or Logistics']);
  });

  it('grades the cheque by its share of the round, not as a step', () => {
    const cheque = (fields: Partial<FitInvestor>) =>
      scoreFit(
        raise({ leadWanted: false }),
        investor({ ...berlinVc, checkMin: null, checkMax: null, ...fields }),
        fitWords,
      );
    const incubatorSized = cheque({ checkMin: 25_000, checkMax: 250_000 });
    const fifth = cheque({ typicalCheque: 500_000 });
    const half = cheque({ typicalCheque: 1_250_000 });
    const all = cheque({ typicalCheque: 2_500_000 });
    const points = (result: ReturnType<typeof scoreFit>) =>
      result.reasons.find((reason) => reason.criterion === 'cheque')?.points ?? 0;
    expect(points(incubatorSized)).toBeLessThan(points(fifth));
    expect(points(fifth)).toBeLessThan(points(half));
    expect(points(half)).toBe(FIT_POINTS.cheque.max);
    expect(points(all)).toBe(FIT_POINTS.cheque.max);
    expect(points(incubatorSized)).toBeLessThanOrEqual(6);
  });

  it('misses the cheque that cannot make sense of the amount: too small, or over it all; not known is said', () => {
    const small = scoreFit(raise(), investor({ ...berlinVc, checkMin: 10_000, checkMax: 100_000 }), fitWords);
    expect(small.missing).toContain('cheque $10K–$100K is too small for your $2.5M');
    const large = scoreFit(
      raise(),
      investor({ ...berlinVc, checkMin: 5_000_000, checkMax: 20_000_000 }),
      fitWords,
    );
    expect(large.missing).toEqual(['smallest cheque $5M is more than your $2.5M']);
    const unknown = scoreFit(raise(), investor({ ...berlinVc, checkMin: null, checkMax: null }), fitWords);
    expect(unknown.band).toBe('partial');
    expect(unknown.missing).toContain('cheque not known');
  });

  it('does not let angels, incubators or accelerators lead a $2.5M seed, nor a follower, nor a small cheque', () => {
    for (const [role, words] of [
      ['angel', 'an angel'],
      ['incubator', 'an incubator'],
      ['accelerator', 'an accelerator'],
    ] as const) {
      const result = scoreFit(raise(), investor({ ...berlinVc, role }), fitWords);
      expect(result.band).toBe('partial');
      expect(result.missing).toEqual([`${words}: does not lead a $2.5M round`]);
    }
    // An angel may lead a small round.
    expect(
      scoreFit(raise({ amountUsd: 400_000 }), investor({ ...berlinVc, role: 'angel' }), fitWords).band,
    ).toBe('fit');
    expect(scoreFit(raise(), investor({ ...berlinVc, leadOrFollow: 'follow' }), fitWords).missing).toEqual([
      'does not lead rounds',
    ]);
    const smallLead = scoreFit(
      raise(),
      investor({ ...berlinVc, checkMin: 100_000, checkMax: 300_000 }),
      fitWords,
    );
    expect(smallLead.missing).toEqual(['cheque too small to lead your $2.5M']);
    const both = scoreFit(raise(), investor({ ...berlinVc, leadOrFollow: 'both' }), fitWords);
    expect(both.band).toBe('fit');
    expect(both.score).toBeLessThan(scoreFit(raise(), berlinVc, fitWords).score);
    // No lead wanted: leading is not asked.
    const noLead = scoreFit(
      raise({ leadWanted: false }),
      investor({ ...berlinVc, leadOrFollow: 'follow' }),
      fitWords,
    );
    expect(noLead.asked).toBe(4);
    expect(noLead.band).toBe('fit');
  });

  it('never calls an investor meeting no must-have a fit: the rest, with what counts against', () => {
    const nothing = scoreFit(raise(), investor(), fitWords);
    expect(nothing.band).toBe('other');
    expect(nothing.met).toBe(0);
    expect(nothing.score).toBe(0);
    expect(against(nothing)).toEqual([
      'stages not known',
      'sectors not known',
      'where they invest not known',
      'cheque not known',
      'whether they lead not known',
    ]);
    const wrong = scoreFit(
      raise(),
      investor({
        stageFocus: ['growth'],
        sectorFocus: ['fintech'],
        investsIn: ['India'],
        leadOrFollow: 'follow',
      }),
      fitWords,
    );
    expect(wrong.band).toBe('other');
    // A raise that asks for nothing has no fits either.
    const empty = raise({
      round: null,
      amountUsd: null,
      country: null,
      city: null,
      leadWanted: null,
      sectors: [],
    });
    expect(scoreFit(empty, berlinVc, fitWords).band).toBe('other');
  });

  it('calls a partial fit one that misses exactly one must-have, says which, and hides two missed', () => {
    // Each must-have missed alone: a partial fit, with that one said.
    const alone: [Partial<FitInvestor>, string][] = [
      [{ stageFocus: ['series b'] }, 'does not invest at Seed'],
      [{ sectorFocus: ['fintech'] }, 'no Robotics or Logistics'],
      [{ countries: ['Japan'], cities: ['Tokyo'] }, 'based in Japan, not Germany'],
      [{ checkMin: 5_000_000, checkMax: 20_000_000 }, 'smallest cheque $5M is more than your $2.5M'],
      [{ leadOrFollow: 'follow' }, 'does not lead rounds'],
      [{ stageFocus: [] }, 'stages not known'],
    ];
    for (const [fields, said] of alone) {
      const result = scoreFit(raise(), investor({ ...berlinVc, ...fields }), fitWords);
      expect(result.band, said).toBe('partial');
      expect(result.met, said).toBe(4);
      expect(result.missing, said).toEqual([said]);
    }
    // Two missed: the rest (hidden by default), with both said against.
    const two = scoreFit(
      raise(),
      investor({ ...berlinVc, stageFocus: ['series b'], leadOrFollow: 'follow' }),
      fitWords,
    );
    expect(two.band).toBe('other');
    expect(two.missing).toEqual(['does not invest at Seed', 'does not lead rounds']);
    // A raise asking one must-have: missing it is not a partial fit (nothing would be met).
    const one = raise({
      round: 'seed',
      amountUsd: null,
      country: null,
      city: null,
      leadWanted: null,
      sectors: [],
    });
    expect(scoreFit(one, investor({ ...berlinVc, stageFocus: ['growth'] }), fitWords).band).toBe('other');
    expect(scoreFit(one, berlinVc, fitWords).band).toBe('fit');
  });

  it('ranks fits over partial fits whatever their closeness, and more must-haves met first', () => {
    const fit = investor({
      ...berlinVc,
      countries: ['Japan'],
      cities: [],
      investsIn: ['Global'],
      sectorFocus: ['generalist'],
    });
    const partial = investor({
      ...berlinVc,
      stageFocus: ['series b'],
      sectorFocus: ['robotics', 'logistics'],
    });
    const fitResult = scoreFit(raise(), fit, fitWords);
    const partialResult = scoreFit(raise(), partial, fitWords);
    expect(fitResult.band).toBe('fit');
    expect(partialResult.score).toBeGreaterThan(fitResult.score);
    expect(rank(fitResult, fit)).toBeGreaterThan(rank(partialResult, partial));
    const fewer = investor({ ...partial, leadOrFollow: 'follow' });
    expect(rank(partialResult, partial)).toBeGreaterThan(rank(scoreFit(raise(), fewer, fitWords), fewer));
  });

  it('breaks ties on data a founder can act on (an email, a LinkedIn), never on the name', () => {
    const bare = berlinVc;
    const reachable = investor({ ...berlinVc, hasEmail: true, hasLinkedIn: true });
    const a = scoreFit(raise(), bare, fitWords);
    const b = scoreFit(raise(), reachable, fitWords);
    expect(a.score).toBe(b.score);
    expect(rank(b, reachable)).toBeGreaterThan(rank(a, bare));
    // The name is not a fact the rule reads at all.
    expect(Object.keys(berlinVc)).not.toContain('name');
  });

  it('says the investor’s own confirmation as a reason, for no points', () => {
    const result = scoreFit(raise(), investor({ ...berlinVc, investorConfirmedMonth: '2026-10' }), fitWords);
    expect(result.reasons.at(-1)).toEqual({
      criterion: 'confirmed',
      text: 'confirmed by the investor in Oct 2026',
      points: 0,
      tone: 'for',
    });
  });

  it('is the same for everyone: the same raise and investor always score the same', () => {
    expect(scoreFit(raise(), berlinVc, fitWords)).toEqual(scoreFit(raise(), berlinVc, fitWords));
  });

  it('lists sectors the issue’s way', () => {
    expect(listInWords(['Fintech'])).toBe('Fintech');
    expect(listInWords(['Fintech', 'Payments'])).toBe('Fintech, and Payments');
    expect(listInWords(['AI', 'Fintech', 'SaaS'])).toBe('AI, Fintech, and SaaS');
  });

  it('names the share of the round a cheque covers by the nearest fraction', () => {
    expect(shareInWords(2)).toBe('all');
    expect(shareInWords(1)).toBe('all');
    expect(shareInWords(0.5)).toBe('half');
    expect(shareInWords(0.2)).toBe('a fifth');
    expect(shareInWords(0.275)).toBe('a quarter');
    expect(shareInWords(0.1)).toBe('a tenth');
    expect(shareInWords(0.05)).toBe('a twentieth');
  });
});

describe('recency of deals at the raise’s stage (issues 49 and 52)', () => {
  const now = new Date('2026-12-03T10:00:00Z');
  const seedDeals = (dates: string[]) => dates.map((date) => ({ date, round: 'Seed' }));

  it('is a graded closeness bonus: more new deals at the stage, more points, the band unchanged', () => {
    const busy = scoreFit(
      raise({ now }),
      { ...berlinVc, deals: seedDeals(['2026-03', '2026-05-02', '2026-09-10', '2026-11-01']) },
      fitWords,
    );
    const once = scoreFit(raise({ now }), { ...berlinVc, deals: seedDeals(['2026-06-01']) }, fitWords);
    const none = scoreFit(raise({ now }), berlinVc, fitWords);
    expect(busy.band).toBe(none.band);
    expect(busy.score - none.score).toBe(10);
    expect(once.score - none.score).toBe(6);
    expect(texts(busy)).toContain('4 new Seed deals since March 2026');
    expect(busy.score).toBeLessThanOrEqual(FIT_CLOSENESS_MAX);
  });

  it('counts deals at the raise’s stage only', () => {
    const later = scoreFit(
      raise({ now }),
      { ...berlinVc, deals: [{ date: '2026-06-01', round: 'Series B' }] },
      fitWords,
    );
    expect(later.score).toBe(scoreFit(raise({ now }), berlinVc, fitWords).score);
    expect(later.reasons.filter((reason) => reason.criterion === 'recency')).toEqual([]);
  });

  it('says what counts against without making it a must-have, and no data costs nothing', () => {
    const quiet = scoreFit(
      raise({ now }),
      { ...berlinVc, deals: seedDeals(['2024-10-01']), vintage: 2019 },
      fitWords,
    );
    const none = scoreFit(raise({ now }), berlinVc, fitWords);
    expect(against(quiet)).toEqual(['no new deal in 2 years', 'likely past its investment period']);
    expect(quiet.missing).toEqual(none.missing);
    expect(quiet.band).toBe(none.band);
    expect(quiet.score).toBe(none.score);
  });
});

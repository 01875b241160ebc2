import { describe, expect, it } from 'vitest';
import {
  FIT_POINTS,
  FIT_SCORE_MAX,
  FIT_SCORE_MIN,
  type FitInvestor,
  type FitRaise,
  listInWords,
  scoreFit,
  shareInWords,
} from '../../../shared/shortlist/fit';
import { fitWords } from '../../../shared/shortlist/places-port';

const raise = (fields: Partial<FitRaise> = {}): FitRaise => ({
  round: 'seed',
  amountUsd: 1_000_000,
  country: 'Sweden',
  city: 'Stockholm',
  leadWanted: true,
  sectors: ['fintech', 'payments'],
  ...fields,
});

const investor = (fields: Partial<FitInvestor> = {}): FitInvestor => ({
  stageFocus: [],
  sectorFocus: [],
  checkMin: null,
  checkMax: null,
  typicalCheque: null,
  leadOrFollow: null,
  investsIn: [],
  countries: [],
  cities: [],
  investorConfirmedMonth: null,
  ...fields,
});

const texts = (result: ReturnType<typeof scoreFit>) => result.reasons.map((reason) => reason.text);

describe('the fit of an investor to a raise', () => {
  it('says why a matching investor fits, each reason with its points, in words read in a second', () => {
    const result = scoreFit(
      raise(),
      investor({
        stageFocus: ['pre-seed', 'seed'],
        sectorFocus: ['fintech', 'payments', 'saas'],
        checkMin: 50_000,
        checkMax: 500_000,
        typicalCheque: 200_000,
        leadOrFollow: 'lead',
        investsIn: ['Sweden'],
        investorConfirmedMonth: '2026-10',
      }),
      fitWords,
    );
    expect(result.reasons).toEqual([
      { criterion: 'stage', text: 'invests at Seed', points: 25 },
      { criterion: 'sector', text: 'Fintech, and Payments', points: 25 },
      { criterion: 'cheque', text: 'cheque $50K–$500K covers a fifth of your $1M', points: 20 },
      { criterion: 'location', text: 'invests in Sweden', points: 15 },
      { criterion: 'lead', text: 'leads rounds', points: 10 },
      { criterion: 'confirmed', text: 'confirmed by the investor in Oct 2026', points: 5 },
    ]);
    expect(result.score).toBe(FIT_SCORE_MAX);
  });

  it('says what counts against: another stage, other sectors, a cheque too small, elsewhere, follows only', () => {
    const result = scoreFit(
      raise({ round: 'series a', amountUsd: 10_000_000, sectors: ['fintech'] }),
      investor({
        stageFocus: ['seed'],
        sectorFocus: ['health'],
        checkMin: 10_000,
        checkMax: 50_000,
        leadOrFollow: 'follow',
        investsIn: ['Brazil'],
      }),
      fitWords,
    );
    expect(texts(result)).toEqual([
      'no Series A',
      'no Fintech',
      'cheque too small',
      'does not invest in Sweden',
      'does not lead rounds',
    ]);
    expect(result.score).toBe(FIT_SCORE_MIN);
    expect(result.reasons.every((reason) => reason.points < 0)).toBe(true);
  });

  it('counts a smallest cheque above the whole raise against, as too large', () => {
    const result = scoreFit(raise(), investor({ checkMin: 2_000_000, checkMax: 10_000_000 }), fitWords);
    expect(result.reasons).toEqual([
      { criterion: 'cheque', text: 'cheque too large', points: FIT_POINTS.cheque.tooLarge },
    ]);
  });

  it('neither rewards nor punishes an investor with no cheque range', () => {
    const result = scoreFit(raise(), investor({ stageFocus: ['seed'] }), fitWords);
    expect(result.reasons.map((reason) => reason.criterion)).toEqual(['stage']);
    expect(result.score).toBe(FIT_POINTS.stage.match);
  });

  it('neither rewards nor punishes on cheque a raise with no amount', () => {
    const result = scoreFit(
      raise({ amountUsd: null }),
      investor({ checkMin: 50_000, checkMax: 500_000 }),
      fitWords,
    );
    expect(result).toEqual({ score: 0, reasons: [] });
  });

  it('neither rewards nor punishes on place a raise with no location', () => {
    const result = scoreFit(
      raise({ country: null, city: null }),
      investor({ investsIn: ['Brazil'], countries: ['Sweden'] }),
      fitWords,
    );
    expect(result).toEqual({ score: 0, reasons: [] });
  });

  it('neither rewards nor punishes on stage an investor with no stages', () => {
    const result = scoreFit(raise(), investor({ sectorFocus: ['fintech'] }), fitWords);
    expect(texts(result)).toEqual(['Fintech']);
    expect(result.score).toBe(FIT_POINTS.sector.first);
  });

  it('gives an empty raise nothing but the investor’s own confirmation', () => {
    const empty = raise({
      round: null,
      amountUsd: null,
      country: null,
      city: null,
      leadWanted: null,
      sectors: [],
    });
    const full = investor({
      stageFocus: ['seed'],
      sectorFocus: ['fintech'],
      checkMin: 1,
      checkMax: 2,
      leadOrFollow: 'lead',
      investsIn: ['Sweden'],
      investorConfirmedMonth: '2026-03',
    });
    expect(scoreFit(empty, full, fitWords)).toEqual({
      score: FIT_POINTS.confirmed.byInvestor,
      reasons: [{ criterion: 'confirmed', text: 'confirmed by the investor in Mar 2026', points: 5 }],
    });
  });

  it('counts a lead only when the founder wants one', () => {
    expect(scoreFit(raise({ leadWanted: false }), investor({ leadOrFollow: 'follow' }), fitWords).score).toBe(
      0,
    );
    expect(texts(scoreFit(raise(), investor({ leadOrFollow: 'both' }), fitWords))).toEqual(['leads rounds']);
  });

  it('falls back to where the investor is when they say nothing of where they invest', () => {
    expect(
      texts(scoreFit(raise(), investor({ cities: ['Stockholm'], countries: ['Sweden'] }), fitWords)),
    ).toEqual(['based in Stockholm']);
    expect(
      texts(scoreFit(raise(), investor({ cities: ['Malmö'], countries: ['Sweden'] }), fitWords)),
    ).toEqual(['based in Sweden']);
    expect(scoreFit(raise(), investor({ countries: ['Norway'] }), fitWords).reasons).toEqual([]);
  });

  it('reads where they invest on the taxonomy: a region holding the country, the country by another name', () => {
    expect(scoreFit(raise(), investor({ investsIn: ['Europe'] }), fitWords).reasons).toEqual([
      { criterion: 'location', text: 'invests in Europe', points: FIT_POINTS.location.investsIn },
    ]);
    expect(texts(scoreFit(raise(), investor({ investsIn: ['Scandinavia'] }), fitWords))).toEqual([
      'invests in Nordics',
    ]);
    expect(
      texts(scoreFit(raise({ country: 'United States' }), investor({ investsIn: ['USA'] }), fitWords)),
    ).toEqual(['invests in United States']);
    // The country itself wins over a region and worldwide, whatever their order.
    expect(
      texts(scoreFit(raise(), investor({ investsIn: ['Global', 'Europe', 'Sweden'] }), fitWords)),
    ).toEqual(['invests in Sweden']);
    expect(texts(scoreFit(raise(), investor({ investsIn: ['Asia', 'LatAm'] }), fitWords))).toEqual([
      'does not invest in Sweden',
    ]);
  });

  it('takes a worldwide investor as covering every country, for fewer points', () => {
    expect(scoreFit(raise(), investor({ investsIn: ['Global'] }), fitWords).reasons).toEqual([
      { criterion: 'location', text: 'invests worldwide', points: FIT_POINTS.location.worldwide },
    ]);
  });

  it('counts a generalist for some points, and one sector in common for fewer than two', () => {
    expect(scoreFit(raise(), investor({ sectorFocus: ['generalist'] }), fitWords).reasons).toEqual([
      { criterion: 'sector', text: 'invests across sectors', points: FIT_POINTS.sector.generalist },
    ]);
    expect(scoreFit(raise(), investor({ sectorFocus: ['payments'] }), fitWords).score).toBe(
      FIT_POINTS.sector.first,
    );
    expect(
      texts(
        scoreFit(raise({ sectors: ['ai', 'saas', 'health'] }), investor({ sectorFocus: ['web3'] }), fitWords),
      ),
    ).toEqual(['none of your sectors']);
  });

  it('matches stages and sectors whatever their case', () => {
    const result = scoreFit(
      raise({ round: 'Series A', sectors: ['FINTECH'] }),
      investor({ stageFocus: ['series a'], sectorFocus: ['Fintech'] }),
      fitWords,
    );
    expect(texts(result)).toEqual(['invests at Series A', 'Fintech']);
  });

  it('is the same for everyone: the same raise and investor always score the same', () => {
    const one = scoreFit(raise(), investor({ stageFocus: ['seed'], checkMax: 100_000 }), fitWords);
    const two = scoreFit(raise(), investor({ stageFocus: ['seed'], checkMax: 100_000 }), fitWords);
    expect(one).toEqual(two);
  });
});

describe('the words of a reason', () => {
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

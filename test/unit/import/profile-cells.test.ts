import { describe, expect, it } from 'vitest';
import { formatCompactUsd } from '../../../shared/format/money';
import {
  parseLeadOrFollow,
  parsePartialDate,
  parsePortfolioCell,
  parsePortfolioItem,
  parsePortfolioLines,
  parseRecentInvestmentItem,
  parseRecentInvestmentLines,
  parseRecentInvestmentsCell,
  parseWebsite,
  portfolioLine,
  recentInvestmentLine,
} from '../../../shared/import/profile-cells';

describe('parseLeadOrFollow', () => {
  it.each([
    ['Lead', 'lead'],
    ['leads', 'lead'],
    ['Yes', 'lead'],
    ['Follow', 'follow'],
    ['no.', 'follow'],
    ['Both', 'both'],
    ['Lead / Follow', 'both'],
    ['Lead & follow', 'both'],
    ['lead/follow', 'both'],
    ['Lead or follow', 'both'],
    ['either', 'both'],
    ['Sometimes', null],
    ['', null],
  ] as const)('reads %j as %s', (text, expected) => {
    expect(parseLeadOrFollow(text)).toBe(expected);
  });
});

describe('parsePartialDate', () => {
  it.each([
    ['2024', '2024'],
    ['2024-03', '2024-03'],
    ['2024-3', '2024-03'],
    ['2024-03-15', '2024-03-15'],
    ['Mar 2024', '2024-03'],
    ['March 2024', '2024-03'],
    ['15 Mar 2024', '2024-03-15'],
    ['2024-02-30', null],
    ['2024-13', null],
    ['Smarch 2024', null],
    ['1850', null],
    ['$2M', null],
  ] as const)('reads %j as %s', (text, expected) => {
    expect(parsePartialDate(text)).toBe(expected);
  });
});

describe('parseWebsite', () => {
  it('adds https:// to an address typed without it and refuses what is not an address', () => {
    expect(parseWebsite('acme.example')).toBe('https://acme.example');
    expect(parseWebsite('http://acme.example/about')).toBe('http://acme.example/about');
    expect(parseWebsite('Seed')).toBeNull();
    expect(parseWebsite('not a site')).toBeNull();
    expect(parseWebsite('javascript:alert(1)')).toBeNull();
  });
});

describe('portfolio and recent investments', () => {
  it('reads a company with its details in any order', () => {
    expect(parsePortfolioItem('Acme Robotics (2021, Seed, https://acme.example)')).toEqual({
      value: { name: 'Acme Robotics', website: 'https://acme.example', stage: 'Seed', year: 2021 },
      unread: [],
    });
    expect(parsePortfolioItem('Globex')).toEqual({
      value: { name: 'Globex', website: null, stage: null, year: null },
      unread: [],
    });
  });

  it('reports the details it cannot place, and an item without a name', () => {
    expect(parsePortfolioItem('Acme (Seed, Series A)').unread).toEqual(['Series A']);
    expect(parsePortfolioItem('(Seed, 2021)')).toEqual({ value: null, unread: ['Seed', '2021'] });
  });

  it('reads an investment: a bare year is a date, an amount needs more than four digits or a suffix', () => {
    expect(parseRecentInvestmentItem('Lumen (Series A, 2024, $4M)').value).toEqual({
      company: 'Lumen',
      round: 'Series A',
      date: '2024',
      amount: 4_000_000,
    });
    expect(parseRecentInvestmentItem('Kite (500k, 2025-01-10)').value).toEqual({
      company: 'Kite',
      round: null,
      date: '2025-01-10',
      amount: 500_000,
    });
  });

  it('splits a cell as any multi-value cell, keeping parentheses together, and drops repeats', () => {
    const reading = parsePortfolioCell('Acme (Seed, 2021), acme; Globex / Initech (Series A)');
    expect(reading.values.map((c) => c.name)).toEqual(['Acme', 'Globex', 'Initech']);
    expect(reading.unread).toEqual([]);
    expect(reading.overLimit).toEqual([]);
  });

  it('keeps at most 50 companies and 20 investments, naming the rest', () => {
    const companies = parsePortfolioCell(Array.from({ length: 52 }, (_, i) => `C${i}`).join(', '));
    expect(companies.values).toHaveLength(50);
    expect(companies.overLimit).toEqual(['C50', 'C51']);
    const investments = parseRecentInvestmentsCell(Array.from({ length: 21 }, (_, i) => `I${i}`).join(', '));
    expect(investments.values).toHaveLength(20);
    expect(investments.overLimit).toEqual(['I20']);
  });

  it('reads the lines of a form, one a line, and writes them back the same way', () => {
    const typed = 'Acme, Inc. (acme.example, Seed, 2021)\n\n  Globex  \n';
    const reading = parsePortfolioLines(typed);
    expect(reading.values.map(portfolioLine)).toEqual([
      'Acme, Inc. (https://acme.example, Seed, 2021)',
      'Globex',
    ]);
    const investments = parseRecentInvestmentLines('Lumen Health (Series A, 2024-03, $4M)');
    expect(investments.values.map((i) => recentInvestmentLine(i, formatCompactUsd))).toEqual([
      'Lumen Health (Series A, 2024-03, $4M)',
    ]);
    const again = investments.values.map((i) => recentInvestmentLine(i, formatCompactUsd)).join('\n');
    expect(parseRecentInvestmentLines(again).values).toEqual(investments.values);
  });
});

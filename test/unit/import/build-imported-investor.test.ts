import { describe, expect, it } from 'vitest';
import type { ImportContext } from '../../../shared/import/build-imported-investor';
import {
  buildImportedInvestor,
  buildImportedInvestorWithNotices,
  valueNoticeReasons,
} from '../../../shared/import/build-imported-investor';
import type { ImportColumn } from '../../../shared/import/header-matching';
import { columnsFromHeaders } from '../../../shared/import/header-matching';
import { importedInvestorDraftSchema, importedInvestorSchema } from '../../../shared/investors/types';
import { messages } from '../../../shared/messages';

const context: ImportContext = {
  sourceName: 'Seed List 2024',
  sourceUrl: 'https://example.com/seed.csv',
  importedByUserId: 'admin-1',
  now: new Date('2024-05-01T12:00:00.000Z'),
};

/** Builds a record from a header → cell map, every column included. */
const build = (cells: Record<string, string>, ctx: ImportContext = context) =>
  buildImportedInvestor(columnsFromHeaders(Object.keys(cells)), Object.values(cells), ctx);

describe('buildImportedInvestor', () => {
  it('maps a full row to a valid imported investor draft', () => {
    const draft = build({
      'Investor Name': 'Ada Lovelace',
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Title: 'General Partner',
      Email: 'ada@example.com',
      Phone: '+1 555 0100',
      LinkedIn: 'https://linkedin.com/in/ada',
      'X (Twitter)': '@ada',
      Crunchbase: 'https://crunchbase.com/person/ada',
      Instagram: 'ada.ig',
      YouTube: 'https://youtube.com/@ada',
      TikTok: '@ada.tt',
      Website: 'https://ada.dev',
      Photo: 'https://img.example.com/ada.png',
      'Firm Name': 'Analytical Ventures',
      'Other Firms': 'Engine Capital; Difference Fund',
      'Investor Type': 'Venture Capital',
      Stage: 'Pre-Seed, Seed',
      'Sector Focus': 'Fintech (payments, lending), SaaS',
      Countries: 'UK / USA',
      City: 'London',
      Region: 'Europe',
      'Min Check Size': '$250k',
      'Max Check Size': '1.5M',
      'Check Size': '$250k - $1.5M',
      'Portfolio Companies': 'Acme, Globex',
      'Selected Investments': 'Initech',
      Notes: 'Met at demo day',
      'Leads Rounds': 'Yes',
      Tags: 'warm intro, london',
      'Favourite Colour': 'Green',
    });

    expect(importedInvestorDraftSchema.parse(draft)).toEqual(draft);
    expect(draft).toEqual({
      searchableInvestorEntryId: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      photos: ['https://img.example.com/ada.png'],
      email: 'ada@example.com',
      phone: '+1 555 0100',
      social: {
        linkedin: 'https://linkedin.com/in/ada',
        twitter: '@ada',
        crunchbase: 'https://crunchbase.com/person/ada',
        instagram: 'ada.ig',
        youtube: 'https://youtube.com/@ada',
        tiktok: '@ada.tt',
        other: [],
      },
      title: 'General Partner',
      investorRole: 'vc',
      primaryFirm: { name: 'Analytical Ventures' },
      otherFirms: [{ name: 'Engine Capital' }, { name: 'Difference Fund' }],
      stageFocus: ['pre-seed', 'seed'],
      sectorFocus: ['fintech (payments, lending)', 'saas'],
      geographyFocus: { cities: ['London'], countries: ['UK', 'USA'], regions: ['Europe'] },
      checkSize: { min: { value: 250_000 }, max: { value: 1_500_000 }, bucket: '$250k - $1.5M' },
      leadsRounds: true,
      selectedInvestments: ['Initech'],
      portfolioCompanies: ['Acme', 'Globex'],
      tags: ['warm intro', 'london'],
      notes: 'Met at demo day',
      otherMetadata: [{ tag: 'Favourite Colour', value: 'Green' }],
      sourceName: 'Seed List 2024',
      sourceUrl: 'https://example.com/seed.csv',
      importedAt: '2024-05-01T12:00:00.000Z',
      importedByUserId: 'admin-1',
      status: 'pending',
      fieldStatuses: [],
      updatedAt: '2024-05-01T12:00:00.000Z',
      website: 'https://ada.dev',
      leadOrFollow: 'lead',
      portfolio: [
        { name: 'Acme', website: null, stage: null, year: null },
        { name: 'Globex', website: null, stage: null, year: null },
      ],
      recentInvestments: [{ company: 'Initech', round: null, date: null, amount: null }],
    });
  });

  it('makes a complete record once the caller adds an id', () => {
    const draft = build({ Name: 'Ada' });
    expect(importedInvestorSchema.parse({ ...draft, id: 'imp-1' }).id).toBe('imp-1');
  });

  it("throws 'Source name is required' when the source name is missing or blank", () => {
    expect(() => build({ Name: 'Ada' }, { ...context, sourceName: '' })).toThrow(messages.sourceNameRequired);
    expect(() => build({ Name: 'Ada' }, { ...context, sourceName: '   ' })).toThrow(
      'Source name is required',
    );
  });

  it('trims the source name and stores a blank or missing source URL as null', () => {
    const draft = build({ Name: 'Ada' }, { ...context, sourceName: ' List ', sourceUrl: ' ' });
    expect(draft.sourceName).toBe('List');
    expect(draft.sourceUrl).toBeNull();
    const { sourceUrl: _omitted, ...withoutUrl } = context;
    expect(build({ Name: 'Ada' }, withoutUrl).sourceUrl).toBeNull();
  });

  it("starts as 'pending' and unmapped", () => {
    const draft = build({ Name: 'Ada' });
    expect(draft.status).toBe('pending');
    expect(draft.searchableInvestorEntryId).toBeNull();
  });

  it('falls back to first plus last name for the full name', () => {
    expect(build({ 'First Name': 'Ada', 'Last Name': 'Lovelace' }).fullName).toBe('Ada Lovelace');
    expect(build({ 'First Name': 'Ada' }).fullName).toBe('Ada');
    expect(build({ 'Last Name': 'Lovelace', 'Full Name': ' ' }).fullName).toBe('Lovelace');
  });

  it('leaves every absent value null or empty', () => {
    const draft = build({ Email: 'ada@example.com' });
    expect(draft).toMatchObject({
      fullName: null,
      firstName: null,
      lastName: null,
      phone: null,
      title: null,
      investorRole: null,
      primaryFirm: null,
      otherFirms: [],
      stageFocus: [],
      sectorFocus: [],
      geographyFocus: null,
      checkSize: null,
      leadsRounds: null,
      notes: null,
      otherMetadata: [],
    });
  });

  it('ignores excluded columns entirely, matched or not', () => {
    const columns: ImportColumn[] = [
      { header: 'Name', include: true },
      { header: 'Email', include: false },
      { header: 'Colour', include: false },
    ];
    const draft = buildImportedInvestor(columns, ['Ada', 'ada@example.com', 'Green'], context);
    expect(draft.email).toBeNull();
    expect(draft.otherMetadata).toEqual([]);
  });

  it('maps by the edited header names, not the original ones', () => {
    const columns: ImportColumn[] = [
      { header: 'Full Name', include: true },
      { header: 'Sectors', include: true },
    ];
    const draft = buildImportedInvestor(columns, ['Ada', 'AI'], context);
    expect(draft.fullName).toBe('Ada');
    expect(draft.sectorFocus).toEqual(['ai']);
  });

  it('puts unmatched included columns in otherMetadata, skipping empty values', () => {
    const draft = build({ Name: 'Ada', Colour: ' Green ', Pet: '  ', Hobby: 'Mathematics' });
    expect(draft.otherMetadata).toEqual([
      { tag: 'Colour', value: 'Green' },
      { tag: 'Hobby', value: 'Mathematics' },
    ]);
  });

  it("names an unmatched column with a blank header 'Column N'", () => {
    const draft = buildImportedInvestor(columnsFromHeaders(['Name', ' ']), ['Ada', 'x'], context);
    expect(draft.otherMetadata).toEqual([{ tag: 'Column 2', value: 'x' }]);
  });

  it('treats missing cells as empty and ignores cells past the last header', () => {
    const draft = buildImportedInvestor(columnsFromHeaders(['Name', 'Email']), ['Ada'], context);
    expect(draft.email).toBeNull();
    const longer = buildImportedInvestor(columnsFromHeaders(['Name']), ['Ada', 'extra'], context);
    expect(longer.otherMetadata).toEqual([]);
  });

  it('trims cells', () => {
    expect(build({ Name: '  Ada Lovelace  ', Title: ' Partner ' })).toMatchObject({
      fullName: 'Ada Lovelace',
      title: 'Partner',
    });
  });

  it('splits multi-values on comma, semicolon and slash and lower-cases stage and sector values', () => {
    const draft = build({ Stage: 'Seed; Series A/SERIES B', Sector: 'AI, Climate Tech;  B2B   SaaS' });
    expect(draft.stageFocus).toEqual(['seed', 'series a', 'series b']);
    expect(draft.sectorFocus).toEqual(['ai', 'climate tech', 'b2b saas']);
  });

  it('keeps sector items with parentheses together', () => {
    expect(build({ Sector: 'Fintech (payments, lending), SaaS' }).sectorFocus).toEqual([
      'fintech (payments, lending)',
      'saas',
    ]);
  });

  it('keeps the case of other multi-values', () => {
    expect(build({ Portfolio: 'Acme, Globex' }).portfolioCompanies).toEqual(['Acme', 'Globex']);
  });

  it('concatenates and dedupes list values across columns of the same family', () => {
    const draft = build({ Sector: 'AI, Fintech', Industry: 'fintech, Health', Niches: 'AI' });
    expect(draft.sectorFocus).toEqual(['ai', 'fintech', 'health']);
  });

  it('does not split links on slashes', () => {
    const draft = build({ Blog: 'https://a.com/x, https://b.com/y', Photos: 'https://img.com/a.png' });
    expect(draft.social.other).toEqual(['https://a.com/x', 'https://b.com/y']);
    expect(draft.photos).toEqual(['https://img.com/a.png']);
  });

  it('takes the first non-empty cell of a single-value family and keeps a different later one in metadata', () => {
    const draft = build({ Phone: '', 'Mobile Phone': '+1 555 0100', 'Office Phone': '+1 555 0199' });
    expect(draft.phone).toBe('+1 555 0100');
    expect(draft.otherMetadata).toEqual([{ tag: 'Office Phone', value: '+1 555 0199' }]);
  });

  it('adds a second, different firm to otherFirms without repeating the primary firm', () => {
    const draft = build({ Firm: 'Acme VC', Company: 'Beta Capital', 'Other Firms': 'acme vc, Gamma' });
    expect(draft.primaryFirm).toEqual({ name: 'Acme VC' });
    expect(draft.otherFirms).toEqual([{ name: 'Beta Capital' }, { name: 'Gamma' }]);
  });

  it('keeps firm names with commas whole', () => {
    expect(build({ Firm: 'Acme, Inc.' }).primaryFirm).toEqual({ name: 'Acme, Inc.' });
  });

  it('joins several notes columns with blank lines', () => {
    expect(build({ Notes: 'First', Comments: 'Second' }).notes).toBe('First\n\nSecond');
  });

  describe('email', () => {
    it("drops a leading 'mailto:'", () => {
      expect(build({ Email: 'mailto:ada@example.com' }).email).toBe('ada@example.com');
    });

    it('takes the first address of a cell with several and keeps the rest in metadata', () => {
      const draft = build({ Email: 'ada@example.com; ada@home.org' });
      expect(draft.email).toBe('ada@example.com');
      expect(draft.otherMetadata).toEqual([{ tag: 'Email', value: 'ada@home.org' }]);
    });

    it("keeps a value without '@' in metadata instead of the email field", () => {
      const draft = build({ Email: 'n/a' });
      expect(draft.email).toBeNull();
      expect(draft.otherMetadata).toEqual([{ tag: 'Email', value: 'n/a' }]);
    });
  });

  describe('investor role', () => {
    it('parses the role cell into a stored role', () => {
      expect(build({ 'Investor Type': 'Family Office' }).investorRole).toBe('family_office');
      expect(build({ Type: 'Corporate VC' }).investorRole).toBe('corporate');
    });

    it("stores unrecognised text as 'other' and keeps the text in metadata", () => {
      const draft = build({ Role: 'Syndicate Lead' });
      expect(draft.investorRole).toBe('other');
      expect(draft.otherMetadata).toEqual([{ tag: 'Role', value: 'Syndicate Lead' }]);
    });

    it("prefers a recognised role from a later column over 'other'", () => {
      expect(build({ Role: 'Syndicate', 'Investor Type': 'Angel' }).investorRole).toBe('angel');
    });
  });

  describe('check size', () => {
    it('parses min and max with k, m and b suffixes', () => {
      expect(build({ 'Min Check': '500k', 'Max Check': '2b' }).checkSize).toEqual({
        min: { value: 500_000 },
        max: { value: 2_000_000_000 },
        bucket: null,
      });
      expect(build({ 'Min Check Size': '250,000' }).checkSize?.min).toEqual({ value: 250_000 });
    });

    it("keeps a bare 'check size' column as the bucket text", () => {
      expect(build({ 'Check Size': '$100k-$500k' }).checkSize).toEqual({
        min: null,
        max: null,
        bucket: '$100k-$500k',
      });
    });

    it('stores a bad amount as null and keeps the text in metadata', () => {
      const draft = build({ 'Min Check Size': 'flexible' });
      expect(draft.checkSize).toBeNull();
      expect(draft.otherMetadata).toEqual([{ tag: 'Min Check Size', value: 'flexible' }]);
    });

    it('keeps a second, different amount of the same family in metadata', () => {
      const draft = build({ 'Min Check': '100k', 'Minimum Ticket': '200k', 'Min Check (USD)': '100000' });
      expect(draft.checkSize?.min).toEqual({ value: 100_000 });
      expect(draft.otherMetadata).toEqual([{ tag: 'Minimum Ticket', value: '200k' }]);
    });
  });

  describe('leads rounds', () => {
    it('reads yes and no answers', () => {
      expect(build({ 'Leads Rounds': 'Yes' }).leadsRounds).toBe(true);
      expect(build({ 'Leads Rounds': 'no' }).leadsRounds).toBe(false);
    });

    it('stores an unclear answer as null and keeps it in metadata', () => {
      const draft = build({ 'Leads Rounds': 'Sometimes' });
      expect(draft.leadsRounds).toBeNull();
      expect(draft.otherMetadata).toEqual([{ tag: 'Leads Rounds', value: 'Sometimes' }]);
    });
  });

  it('builds geography with only the parts present', () => {
    expect(build({ Location: 'Berlin, Germany' }).geographyFocus).toEqual({
      cities: [],
      countries: ['Berlin', 'Germany'],
      regions: [],
    });
  });

  it('writes now as importedAt and updatedAt', () => {
    const draft = build({ Name: 'Ada' }, { ...context, now: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)) });
    expect(draft.importedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(draft.updatedAt).toBe(draft.importedAt);
  });

  it('refuses an invalid import time', () => {
    expect(() => build({ Name: 'Ada' }, { ...context, now: new Date('not a date') })).toThrow(RangeError);
  });

  describe('profile facts (issue 33)', () => {
    it('reads thesis, website, lead or follow, typical cheque and where they invest from the usual spellings', () => {
      const draft = build({
        Name: 'Ada',
        'Investment thesis': 'Backs technical founders.\n\nPre-seed to seed.',
        Website: 'ada.example',
        'Lead/Follow': 'Both',
        'Avg ticket': '$250k',
        'Invests in': 'Portugal, Spain; Europe',
      });
      expect(draft).toMatchObject({
        thesis: 'Backs technical founders.\n\nPre-seed to seed.',
        website: 'https://ada.example',
        leadOrFollow: 'both',
        leadsRounds: true,
        typicalCheque: 250_000,
        geographicFocus: ['Portugal', 'Spain', 'Europe'],
      });
      expect(draft.checkSize).toBeNull();
      expect(draft.geographyFocus).toBeNull();
      expect(importedInvestorDraftSchema.parse(draft)).toEqual(draft);
    });

    it('reads a portfolio cell into companies with website, stage and year, and keeps the names', () => {
      const draft = build({
        Name: 'Ada',
        'Portfolio companies': 'Acme Robotics (acme.example, Seed, 2021); Globex (Series A, 2023), Initech',
      });
      expect(draft.portfolio).toEqual([
        { name: 'Acme Robotics', website: 'https://acme.example', stage: 'Seed', year: 2021 },
        { name: 'Globex', website: null, stage: 'Series A', year: 2023 },
        { name: 'Initech', website: null, stage: null, year: null },
      ]);
      expect(draft.portfolioCompanies).toEqual(['Acme Robotics', 'Globex', 'Initech']);
      expect(draft.otherMetadata).toEqual([]);
    });

    it('reads recent investments with round, date and amount when known', () => {
      const draft = build({
        Name: 'Ada',
        'Notable investments': 'Lumen Health (Series A, 2024-03, $4M); Orbit Labs (Seed, Jan 2025), Kite',
      });
      expect(draft.recentInvestments).toEqual([
        { company: 'Lumen Health', round: 'Series A', date: '2024-03', amount: 4_000_000 },
        { company: 'Orbit Labs', round: 'Seed', date: '2025-01', amount: null },
        { company: 'Kite', round: null, date: null, amount: null },
      ]);
      expect(draft.selectedInvestments).toEqual(['Lumen Health', 'Orbit Labs', 'Kite']);
    });

    it('keeps what it cannot read in the other details, with the reason', () => {
      const { record, notices } = buildImportedInvestorWithNotices(
        columnsFromHeaders(['Name', 'Website', 'Typical cheque', 'Leads rounds', 'Portfolio']),
        ['Ada', 'not a site', 'lots', 'Sometimes', 'Acme (Seed, 2021, Series B, 1850)'],
        context,
      );
      for (const key of ['typicalCheque', 'leadOrFollow', 'website']) expect(record).not.toHaveProperty(key);
      expect(record.portfolio).toEqual([{ name: 'Acme', website: null, stage: 'Seed', year: 2021 }]);
      expect(notices.map((n) => [n.column, n.value, n.reason])).toEqual([
        ['Website', 'not', valueNoticeReasons.website],
        ['Website', 'a', valueNoticeReasons.website],
        ['Website', 'site', valueNoticeReasons.website],
        ['Typical cheque', 'lots', valueNoticeReasons.checkSize],
        ['Leads rounds', 'Sometimes', valueNoticeReasons.leadsRounds],
        ['Portfolio', 'Acme (Seed, 2021, Series B, 1850)', valueNoticeReasons.portfolioItem],
      ]);
    });

    it('holds the sizes: a thesis past 2,000 characters keeps its start, and companies past 50 are kept aside', () => {
      const long = `${'Deep tech. '.repeat(250)}`.trim();
      const companies = Array.from({ length: 55 }, (_, i) => `Company ${i + 1}`).join('; ');
      const { record, notices } = buildImportedInvestorWithNotices(
        columnsFromHeaders(['Name', 'Thesis', 'Portfolio']),
        ['Ada', long, companies],
        context,
      );
      expect(Array.from(record.thesis ?? '').length).toBeLessThanOrEqual(2000);
      expect(long.startsWith(record.thesis ?? 'x')).toBe(true);
      expect(record.portfolio).toHaveLength(50);
      expect(notices.map((n) => n.reason)).toEqual([
        valueNoticeReasons.thesisTooLong,
        valueNoticeReasons.portfolioOverLimit,
      ]);
      expect(record.otherMetadata.find((m) => m.tag === 'Thesis')?.value).toBe(long);
      expect(record.otherMetadata.find((m) => m.tag === 'Portfolio')?.value).toBe(
        'Company 51; Company 52; Company 53; Company 54; Company 55',
      );
    });

    it('leaves the facts out of a row that has none (older rows read alike)', () => {
      const draft = build({ Name: 'Ada' });
      for (const key of [
        'thesis',
        'website',
        'leadOrFollow',
        'typicalCheque',
        'geographicFocus',
        'portfolio',
      ])
        expect(draft).not.toHaveProperty(key);
    });
  });
});

describe('the fund’s size and vintage (issue 52)', () => {
  it('matches the fund columns, not as a firm or a cheque', async () => {
    const { matchHeader } = await import('../../../shared/import/header-matching');
    expect(matchHeader('Fund Size')).toBe('fundSize');
    expect(matchHeader('AUM')).toBe('fundSize');
    expect(matchHeader('Vintage')).toBe('vintage');
    expect(matchHeader('Fund vintage year')).toBe('vintage');
    expect(matchHeader('Fund Name')).toBe('primaryFirm');
  });

  it('reads the fund size by the one money parser and the vintage as a year', () => {
    const draft = build({ Name: 'Ada', 'Fund size': '$150M', Vintage: '2021' });
    expect(draft.fundSize).toBe(150_000_000);
    expect(draft.vintage).toBe(2021);
    expect(importedInvestorDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('refuses a fund size or vintage that is not one, with a clear reason, and keeps the cell', () => {
    // The import is of 1 May 2024: 2025 is next year (taken), 2026 is not.
    const { record, notices } = buildImportedInvestorWithNotices(
      columnsFromHeaders(['Name', 'Fund size', 'Vintage', 'Fund vintage']),
      ['Ada', 'about 50', '2026', 'Fund III'],
      context,
    );
    expect(record).not.toHaveProperty('fundSize');
    expect(record).not.toHaveProperty('vintage');
    expect(notices.map((n) => [n.column, n.value, n.reason])).toEqual([
      ['Fund size', 'about 50', valueNoticeReasons.fundSize],
      ['Vintage', '2026', valueNoticeReasons.vintage],
      ['Fund vintage', 'Fund III', valueNoticeReasons.vintage],
    ]);
    expect(valueNoticeReasons.vintage).toBe('not a year from 1946 to next year, such as 2021.');
    expect(record.otherMetadata).toEqual([
      { tag: 'Fund size', value: 'about 50' },
      { tag: 'Vintage', value: '2026' },
      { tag: 'Fund vintage', value: 'Fund III' },
    ]);
    expect(build({ Name: 'Ada', Vintage: '2025' }).vintage).toBe(2025);
    expect(build({ Name: 'Ada', Vintage: '1945' })).not.toHaveProperty('vintage');
    expect(build({ Name: 'Ada', 'Fund size': '0' })).not.toHaveProperty('fundSize');
  });
});

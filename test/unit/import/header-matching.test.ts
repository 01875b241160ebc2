import { describe, expect, it } from 'vitest';
import type { ColumnFamily } from '../../../shared/import/header-matching';
import {
  columnsFromHeaders,
  hasUsableNameColumn,
  matchHeader,
  planColumns,
} from '../../../shared/import/header-matching';

const cases = (family: ColumnFamily, headers: string[]) => headers.map((header) => [header, family] as const);

describe('matchHeader', () => {
  it.each([
    ...cases('fullName', [
      'Investor Name',
      'Partner Name',
      'Full Name',
      'Name',
      'Contact Name',
      'Investor',
      'Partner',
    ]),
    ...cases('firstName', ['First Name', 'first_name', 'FirstName', 'Given Name', 'First']),
    ...cases('lastName', ['Last Name', 'last-name', 'Surname', 'Family Name', 'Last']),
    ...cases('title', ['Title', 'Job Title', 'Position', 'Designation', 'JobTitle']),
    ...cases('email', ['Email', 'E-mail', 'Email Address', 'Work Emails', 'Mail', 'eMail', 'Contact Email']),
    ...cases('phone', [
      'Phone',
      'Phone Number',
      'Telephone',
      'Mobile',
      'Tel',
      'Cell',
      'WhatsApp',
      'Mobile No.',
    ]),
    ...cases('linkedin', ['LinkedIn', 'LinkedIn URL', 'linkedin_profile']),
    ...cases('twitter', ['Twitter', 'Twitter Handle', 'X', 'X (Twitter)', 'X.com']),
    ...cases('crunchbase', ['Crunchbase', 'Crunchbase URL']),
    ...cases('instagram', ['Instagram']),
    ...cases('youtube', ['YouTube Channel']),
    ...cases('tiktok', ['TikTok', 'Tik-Tok']),
    ...cases('otherSocial', ['Facebook', 'AngelList', 'Other Social', 'Blog', 'Facebook URL']),
    // Profile facts (issue 33).
    ...cases('website', ['Website', 'Web Site', 'URL', 'Homepage', 'Firm Website', 'Web']),
    ...cases('thesis', [
      'Thesis',
      'Investment thesis',
      'Investment Thesis (long)',
      'About',
      'Bio',
      'Description',
    ]),
    ...cases('typicalCheque', [
      'Typical check',
      'Typical Cheque',
      'Typical check size',
      'Avg ticket',
      'Average Ticket Size',
      'Sweet spot',
      'Average investment',
    ]),
    ...cases('geographicFocus', [
      'Invests in',
      'Invests In (Countries)',
      'Geographic focus',
      'Geography Focus',
      'Investment geography',
      'Target countries',
      'Where we invest',
    ]),
    ...cases('photos', ['Photo', 'Photo URL', 'Headshot', 'Avatar']),
    ...cases('primaryFirm', [
      'Firm',
      'Firm Name',
      'Primary Firm',
      'Company Name',
      'Company',
      'Organization',
      'Fund',
      'Employer',
      'Affiliation',
      'Institution',
      'FirmName',
    ]),
    ...cases('otherFirms', ['Other Firms', 'Other Companies', 'Previous Firms']),
    ...cases('investorRole', [
      'Investor Type',
      'Type',
      'Role',
      'Firm Type',
      'Investor Role',
      'Kind of Investor',
      'InvestorType',
    ]),
    ...cases('stageFocus', [
      'Stage',
      'Stages',
      'Investment Stage',
      'Stage Focus',
      'Preferred Round',
      'Rounds',
      'StageFocus',
    ]),
    ...cases('sectorFocus', [
      'Sector',
      'Sectors',
      'Niches',
      'Fund Focus',
      'Vertical',
      'Industry',
      'Industries',
      'Focus',
      'Focus Areas',
      'Investment Focus',
      'Markets',
      'Themes',
      'SectorFocus',
    ]),
    ...cases('countries', [
      'Country',
      'Countries',
      'Location',
      'HQ Location',
      'Geography',
      'Country/Region',
      'Nationality',
      'Headquarters',
      'Based In',
    ]),
    ...cases('cities', ['City', 'Cities', 'HQ City', 'Town', 'Metro Area']),
    ...cases('regions', ['Region', 'Regions']),
    ...cases('checkSizeMin', [
      'Min Check Size',
      'Minimum Check',
      'Check Size (Min)',
      'Min Ticket',
      'Cheque Min',
      'Check Min',
      'Cheque Size Min',
      'Minimum Cheque',
      'Ticket min',
      'Min. Ticket (USD)',
      'MinCheckSize',
      'min_check_size',
      'Min Investment',
      'Minimum Investment Size',
      'Lower Cheque',
      'Smallest Check',
    ]),
    ...cases('checkSizeMax', [
      'Max Check Size',
      'Maximum Check',
      'Check Size Max',
      'Cheque Max',
      'Check Max',
      'Maximum Cheque',
      'Ticket max',
      'Max. Ticket (EUR)',
      'CheckSizeMax',
      'max_cheque',
      'Max Investment',
      'Largest Check',
    ]),
    ...cases('checkSizeBucket', [
      'Check Size',
      'Check Size Range',
      'Ticket Size',
      'Cheque Size',
      'Investment Range',
      'Investment Size',
    ]),
    ...cases('portfolioCompanies', ['Portfolio', 'Portfolio Companies', 'Portcos']),
    ...cases('selectedInvestments', [
      'Selected Investments',
      'Notable Investments',
      'Investments',
      'Notable Deals',
      'Exits',
      'Recent investments',
      'Recent Deals',
      'Latest investments',
    ]),
    ...cases('notes', ['Notes', 'Note', 'Comments', 'Remarks']),
    ...cases('leadsRounds', [
      'Leads Rounds',
      'Leads Rounds?',
      'Lead',
      'Lead Rounds',
      'Lead Investor',
      'Will Lead?',
      'Takes Lead',
      'Lead/Follow',
      'Lead or follow',
    ]),
    ...cases('tags', ['Tags', 'Tag', 'Keywords', 'Labels']),
  ])('matches %j to %s', (header, family) => {
    expect(matchHeader(header)).toBe(family);
  });

  it('matches case-insensitively', () => {
    expect(matchHeader('EMAIL')).toBe('email');
    expect(matchHeader('sector focus')).toBe('sectorFocus');
    expect(matchHeader('FiRsT nAmE')).toBe('firstName');
  });

  it('matches by substring within longer headers', () => {
    expect(matchHeader('Primary Contact Email (work)')).toBe('email');
    expect(matchHeader('Preferred Stage of Investment')).toBe('stageFocus');
  });

  describe('precedence between overlapping families', () => {
    it.each([
      ['First Name', 'firstName', 'not the full-name family'],
      ['Last Name', 'lastName', 'not the full-name family'],
      ['Firm Name', 'primaryFirm', 'not the name family'],
      ['Company Name', 'primaryFirm', 'not the name family'],
      ['Fund Name', 'primaryFirm', 'not the name family'],
      ['Other Firm Names', 'otherFirms', 'not the primary firm or name family'],
      ['Partner Email', 'email', 'not the name family'],
      ['Company LinkedIn', 'linkedin', 'not the firm family'],
      ['Firm Website', 'website', 'not the firm family'],
      ['Facebook URL', 'otherSocial', 'not the website'],
      ['Avg ticket', 'typicalCheque', 'not the cheque bucket'],
      ['Typical check size', 'typicalCheque', 'not the cheque bucket'],
      ['Geographic focus', 'geographicFocus', 'not countries (where they are)'],
      ['Investing Stage', 'stageFocus', "not where they invest ('investing' without 'in')"],
      ['Lead/Follow', 'leadsRounds', 'not a name'],
      ['Recent investments', 'selectedInvestments', 'not a cheque size'],
      ['LinkedIn URL', 'linkedin', 'not other social'],
      ['Photo URL', 'photos', 'not other social'],
      ['Min Check Size', 'checkSizeMin', 'not the check size bucket'],
      ['Investment Stage', 'stageFocus', 'not selected investments'],
      ['Stage Tags', 'stageFocus', "not tags ('stage' contains 'tag')"],
      ['Fund Focus', 'sectorFocus', 'not the firm family'],
      ['Country/Region', 'countries', 'not regions'],
      ['City / Country', 'cities', 'not countries'],
      ['Role / Title', 'title', 'not the role family'],
      ['Firm Type', 'investorRole', 'not the firm family'],
      ['Company Notes', 'notes', 'not the firm family'],
      ['Lead Partner Name', 'fullName', 'not leads rounds'],
      ['Ethnicity', null, "not cities ('ethnicity' contains 'city')"],
      ['Capital Allocation', null, "not countries ('allocation' contains 'location')"],
      ['Xero ID', null, 'not twitter'],
      ['Investment Stage', 'stageFocus', 'not a cheque size (no size word)'],
      ['Lead Investor Name', 'fullName', 'not leads rounds'],
      ['Leads Rounds', 'leadsRounds', "not stage ('rounds')"],
      ['Market Cap', 'sectorFocus', 'a market'],
      ['Last Checked', 'checkSizeBucket', "as before: 'check' is a cheque word"],
    ] as const)('matches %j to %s, %s', (header, family, _why) => {
      expect(matchHeader(header)).toBe(family);
    });
  });

  it('returns null for headers no family claims', () => {
    expect(matchHeader('Favourite Colour')).toBeNull();
    expect(matchHeader('Pet')).toBeNull();
  });

  it('returns null for blank or punctuation-only headers', () => {
    expect(matchHeader('')).toBeNull();
    expect(matchHeader('  ')).toBeNull();
    expect(matchHeader('#')).toBeNull();
  });
});

describe('planColumns', () => {
  it('gives each column its index, include flag and matched family', () => {
    expect(
      planColumns([
        { header: 'Name', include: true },
        { header: 'Colour', include: false },
      ]),
    ).toEqual([
      { header: 'Name', include: true, index: 0, family: 'fullName' },
      { header: 'Colour', include: false, index: 1, family: null },
    ]);
  });

  it('includes every column of a fresh header row', () => {
    expect(columnsFromHeaders(['a', 'b'])).toEqual([
      { header: 'a', include: true },
      { header: 'b', include: true },
    ]);
  });
});

describe('hasUsableNameColumn', () => {
  it('accepts a full-name column', () => {
    expect(hasUsableNameColumn(columnsFromHeaders(['Email', 'Investor Name']))).toBe(true);
  });

  it('accepts a first-name or a last-name column', () => {
    expect(hasUsableNameColumn(columnsFromHeaders(['First Name', 'Email']))).toBe(true);
    expect(hasUsableNameColumn(columnsFromHeaders(['Surname']))).toBe(true);
  });

  it('refuses headers without a name column, where firm names do not count', () => {
    expect(hasUsableNameColumn(columnsFromHeaders(['Email', 'Firm Name', 'Company Name']))).toBe(false);
    expect(hasUsableNameColumn([])).toBe(false);
  });

  it('ignores excluded name columns', () => {
    expect(
      hasUsableNameColumn([
        { header: 'Name', include: false },
        { header: 'Email', include: true },
      ]),
    ).toBe(false);
  });

  it('follows edited header names', () => {
    expect(hasUsableNameColumn([{ header: 'Full Name', include: true }])).toBe(true);
    expect(hasUsableNameColumn([{ header: 'Col 1', include: true }])).toBe(false);
  });
});

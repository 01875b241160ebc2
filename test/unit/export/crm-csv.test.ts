import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  buildCrmCsv,
  CRM_LEAD_SOURCE,
  type CrmContact,
  crmHeader,
  crmRecord,
  SALESFORCE_NO_COMPANY,
  splitName,
} from '../../../lambdas/lib/export/crm-csv';

const records = (csv: string) => parse(csv, { bom: true }) as string[][];

const ada: CrmContact = {
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@northwind.vc',
  phone: '+44 20 7946 0958',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  twitterUrl: null,
  crunchbaseUrl: 'https://www.crunchbase.com/person/ada',
  company: 'Northwind Ventures',
  title: 'General Partner',
  city: 'London',
  country: 'United Kingdom',
};

describe('the CRM columns', () => {
  it("names HubSpot's contact properties", () => {
    expect(crmHeader('hubspot')).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Company Name',
      'Job Title',
      'LinkedIn URL',
      'Twitter URL',
      'Crunchbase URL',
      'City',
      'Country/Region',
      'Lead Source',
    ]);
  });

  it("names Salesforce's lead import fields", () => {
    expect(crmHeader('salesforce')).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Company',
      'Title',
      'LinkedIn URL',
      'Twitter URL',
      'Crunchbase URL',
      'City',
      'Country',
      'Lead Source',
    ]);
  });

  it('maps a contact to those columns, in order', () => {
    expect(crmRecord(ada, 'hubspot')).toEqual([
      'Ada',
      'Lovelace',
      'ada@northwind.vc',
      '+44 20 7946 0958',
      'Northwind Ventures',
      'General Partner',
      'https://www.linkedin.com/in/ada',
      '',
      'https://www.crunchbase.com/person/ada',
      'London',
      'United Kingdom',
      CRM_LEAD_SOURCE,
    ]);
  });

  it("fills Salesforce's required company with its own placeholder when there is no firm; HubSpot leaves it empty", () => {
    const angel = { ...ada, company: null };
    expect(crmRecord(angel, 'salesforce')[4]).toBe(SALESFORCE_NO_COMPANY);
    expect(crmRecord(angel, 'hubspot')[4]).toBe('');
  });
});

describe('first and last names', () => {
  it("uses the source's first and last name when they make up the name", () => {
    expect(splitName('Jean-Luc van der Berg', { firstName: 'Jean-Luc', lastName: 'van der Berg' })).toEqual({
      firstName: 'Jean-Luc',
      lastName: 'van der Berg',
    });
  });

  it('splits the name at its first space when the source gave no parts, or parts of another name', () => {
    expect(splitName('Jean-Luc van der Berg')).toEqual({ firstName: 'Jean-Luc', lastName: 'van der Berg' });
    expect(splitName('Ada King', { firstName: 'Ada', lastName: 'Lovelace' })).toEqual({
      firstName: 'Ada',
      lastName: 'King',
    });
  });

  it('makes one word the last name, which both CRMs require', () => {
    expect(splitName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
  });
});

describe('the CRM file', () => {
  it('writes a header and a row per contact, with a BOM and CRLF, non-ASCII names intact', () => {
    const csv = buildCrmCsv(
      [ada, { ...ada, name: 'Łukasz Żółć', firstName: null, lastName: null }],
      'hubspot',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const parsed = records(csv);
    expect(parsed).toHaveLength(3);
    expect(parsed[2]?.slice(0, 2)).toEqual(['Łukasz', 'Żółć']);
  });

  it('keeps a plain phone number as it is and neutralises a formula in any cell, phone included', () => {
    const planted: CrmContact = {
      ...ada,
      name: '=HYPERLINK("http://evil.example") Smith',
      firstName: null,
      lastName: null,
      phone: "+cmd|' /C calc'!A0",
      title: '@SUM(1+1)',
    };
    const [, good, bad] = records(buildCrmCsv([ada, planted], 'salesforce'));
    expect(good?.[3]).toBe('+44 20 7946 0958');
    expect(bad?.[0]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(bad?.[3]).toBe("'+cmd|' /C calc'!A0");
    expect(bad?.[5]).toBe("'@SUM(1+1)");
  });
});

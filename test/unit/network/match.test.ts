import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  type Connection,
  connectionRow,
  headerRowOf,
  matchConnectionHeaders,
  NO_NAME,
  readConnectionRow,
} from '../../../shared/network/connections';
import { introBody, introMailto, introSubject } from '../../../shared/network/intro';
import {
  firmKey,
  indexConnections,
  linkedinKey,
  type NetworkInvestor,
  sameName,
  warmPathText,
  warmPeople,
} from '../../../shared/network/match';

const person = (
  name: string,
  company: string | null,
  position: string | null = null,
  more: Partial<Connection> = {},
): Connection => ({
  name,
  company,
  position,
  email: null,
  linkedinUrl: null,
  ...more,
});

const investor = (more: Partial<NetworkInvestor> = {}): NetworkInvestor => ({
  id: 'inv_1',
  name: 'Florian Weiß',
  firmName: 'Northwind Ventures',
  portfolio: [],
  ...more,
});

describe('connections matched to an investor', () => {
  it('takes "Weiss" for "Weiß" (the search\'s folding)', () => {
    const index = indexConnections([person('Florian Weiss', 'Northwind')]);
    expect(warmPeople(index, investor()).map((p) => [p.name, p.relation])).toEqual([
      ['Florian Weiss', 'investor'],
    ]);
    expect(sameName('Zoë Ørsted', 'Zoe Orsted')).toEqual({ same: true, initial: false });
  });

  it('takes an initial for a first name when the firm agrees, and not without it', () => {
    expect(sameName('F. Weiss', 'Florian Weiß')).toEqual({ same: true, initial: true });
    expect(sameName('Florian Weiss', 'Frank Weiss').same).toBe(false);
    const atFirm = indexConnections([person('F. Weiss', 'Northwind Capital')]);
    expect(warmPeople(atFirm, investor()).map((p) => p.relation)).toEqual(['investor']);
    // An initial with no company could be anyone of that surname.
    const noFirm = indexConnections([person('F. Weiss', null)]);
    expect(warmPeople(noFirm, investor())).toEqual([]);
    // The full name without a company is the investor.
    const fullName = indexConnections([person('Florian Weiss', null)]);
    expect(warmPeople(fullName, investor()).map((p) => p.relation)).toEqual(['investor']);
  });

  it('does not take a namesake at another firm for the investor', () => {
    const index = indexConnections([person('Florian Weiss', 'Globex Bank')]);
    expect(warmPeople(index, investor())).toEqual([]);
  });

  it('matches firm names with and without "Ventures", "Capital" or "Partners"', () => {
    expect(firmKey('Northwind Ventures')).toBe('northwind');
    expect(firmKey('Northwind Capital Partners')).toBe('northwind');
    expect(firmKey('The Northwind Fund, LLC')).toBe('northwind');
    expect(firmKey('Northwind')).toBe('northwind');
    expect(firmKey('Capital Partners')).toBe('');
    expect(firmKey('Nørthwind Ventures')).toBe('northwind');
    const index = indexConnections([
      person('Ana Lima', 'Northwind', 'Partner'),
      person('Carl Berg', 'Northwind Capital', null),
      person('Dina Roy', 'Northbound Ventures', 'Partner'),
    ]);
    expect(warmPeople(index, investor()).map((p) => [p.name, p.words])).toEqual([
      ['Ana Lima', 'partner at their firm'],
      ['Carl Berg', 'at their firm'],
    ]);
  });

  it('finds founders and staff of their portfolio companies', () => {
    const index = indexConnections([
      person('Ben Okafor', 'Acme Inc.', 'Co-Founder & CEO'),
      person('Eva Stone', 'Acme', 'Head of Sales'),
      person('Finn Moss', 'Initech', 'Engineer'),
    ]);
    const people = warmPeople(index, investor({ portfolio: ['Acme', 'Hooli'] }));
    expect(people.map((p) => p.words)).toEqual([
      'founder of Acme, in their portfolio',
      'head of sales at Acme, in their portfolio',
    ]);
  });

  it('matches the investor by LinkedIn address when the founder holds theirs', () => {
    expect(linkedinKey('https://www.linkedin.com/in/florian-weiss-123/?trk=x')).toBe('in/florian-weiss-123');
    const index = indexConnections([
      person('Flo W', 'Side project', null, { linkedinUrl: 'https://linkedin.com/in/florian-weiss-123' }),
    ]);
    expect(warmPeople(index, investor())).toEqual([]);
    const withUrl = investor({ linkedinUrl: 'http://www.linkedin.com/in/Florian-Weiss-123/' });
    expect(warmPeople(index, withUrl).map((p) => p.relation)).toEqual(['investor']);
  });

  it('words the reason as the issue does, nearest first, each person once', () => {
    const index = indexConnections([
      person('Ben Okafor', 'Acme', 'Founder'),
      person('Ana Lima', 'Northwind Ventures', 'Partner'),
    ]);
    const people = warmPeople(index, investor({ portfolio: ['Acme'] }));
    expect(warmPathText(people)).toBe(
      'You know 2 people there: Ana (partner at their firm), Ben (founder of Acme, in their portfolio)',
    );
    expect(warmPathText([])).toBeNull();
    const many = indexConnections(
      ['Ana Lima', 'Ana Berg', 'Cleo Park', 'Dan Wu', 'Eli Tal'].map((n) =>
        person(n, 'Northwind', 'Analyst'),
      ),
    );
    expect(warmPathText(warmPeople(many, investor()))).toBe(
      'You know 5 people there: Ana Lima (analyst at their firm), Ana Berg (analyst at their firm), Cleo (analyst at their firm) and 2 more',
    );
  });
});

describe("LinkedIn's Connections.csv and other lists", () => {
  const linkedin = [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
    'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
    'Ana,Lima,https://www.linkedin.com/in/analima,,Northwind Ventures,Partner,12 Mar 2024',
    ',,,,,,01 Jan 2020',
  ].join('\n');

  it('finds the header after the "Notes:" lines and reads each column', () => {
    const records = parse(linkedin, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    const at = headerRowOf(records);
    expect(at).toBe(2);
    const fields = matchConnectionHeaders(records[at] as string[]);
    expect(fields).toEqual(['firstName', 'lastName', 'linkedinUrl', 'email', 'company', 'position', null]);
    const rows = records.slice(at + 1).map((cells, i) => connectionRow(i + 1, cells, fields));
    expect(rows[0]).toEqual({
      row: 1,
      name: 'Ana Lima',
      company: 'Northwind Ventures',
      position: 'Partner',
      linkedinUrl: 'https://www.linkedin.com/in/analima',
    });
    expect(readConnectionRow(rows[1] as (typeof rows)[number])).toEqual({
      row: 2,
      outcome: 'skipped',
      message: NO_NAME,
    });
  });

  it('reads any list with a Name and an Organization column', () => {
    const fields = matchConnectionHeaders(['Name', 'Organization', 'Job Title', 'E-mail']);
    expect(fields).toEqual(['name', 'company', 'position', 'email']);
    const outcome = readConnectionRow(
      connectionRow(1, ['Ben  Okafor', 'Acme', 'Founder', 'not-an-email'], fields),
    );
    expect(outcome).toMatchObject({ outcome: 'added', connection: { name: 'Ben Okafor', email: null } });
  });
});

describe('the intro request', () => {
  it('drafts an email to the connector with a blurb to forward, as a mailto link', () => {
    const facts = {
      connectorName: 'Ana Lima',
      investorName: 'Florian Weiß',
      firmName: 'Northwind Ventures',
      relationWords: 'partner at their firm',
      projectName: 'Acme Robotics',
      raiseWords: 'a $2M Seed round',
    };
    const body = introBody(facts);
    expect(body.startsWith('Hi Ana,')).toBe(true);
    expect(body).toContain('Would you be open to asking Florian whether');
    expect(body).toContain('We are raising a $2M Seed round.');
    const link = introMailto('ana@example.com', introSubject(facts), body);
    expect(
      link.startsWith(
        'mailto:ana@example.com?subject=Intro%20to%20Florian%20Wei%C3%9F%3F&body=Hi%20Ana%2C%0D%0A',
      ),
    ).toBe(true);
    expect(introMailto(null, 'S', 'B')).toBe('mailto:?subject=S&body=B');
  });
});

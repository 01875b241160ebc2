import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { DEMO_SECTORS, DEMO_STAGES, generateDemoInvestors } from '../../../infra/local/demo/investors';
import { DEMO_COUNTRIES } from '../../../infra/local/demo/places';
import { emailPart, transliterate } from '../../../infra/local/demo/transliterate';
import { DEMO_HEADERS, demoProfileOf, generateInvestorRows } from '../../../infra/local/seed';
import {
  buildImportedInvestor,
  buildImportedInvestorWithNotices,
} from '../../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../../shared/import/header-matching';
import { normalizeTag } from '../../../shared/tags/normalize-tag';
import { resolveCountry, resolveRegion } from '../../../shared/taxonomy/places';

const investors = generateDemoInvestors(2400);

/** How many investors carry each value, most common first. */
function counts(values: (investor: (typeof investors)[number]) => string[]): [string, number][] {
  const byValue = new Map<string, number>();
  for (const investor of investors)
    for (const value of values(investor)) byValue.set(value, (byValue.get(value) ?? 0) + 1);
  return [...byValue].sort((a, b) => b[1] - a[1]);
}

describe('the demo directory (offline)', () => {
  it('is the same for the same count and seed, and a smaller directory is the start of a larger one', () => {
    expect(generateInvestorRows(300)).toEqual(generateInvestorRows(300));
    expect(generateInvestorRows(2400).slice(0, 300)).toEqual(generateInvestorRows(300));
    expect(generateInvestorRows(50, 7)).not.toEqual(generateInvestorRows(50));
  });

  it('puts every city inside its investor’s country, over a few dozen countries and a hundred-odd cities', () => {
    const citiesOf = new Map(DEMO_COUNTRIES.map((c) => [c.name, new Set(c.cities.map((city) => city.name))]));
    for (const investor of investors) {
      expect(investor.cities.length).toBeGreaterThan(0);
      for (const city of investor.cities)
        expect(citiesOf.get(investor.country.name)?.has(city.name)).toBe(true);
    }
    expect(counts((i) => [i.country.name]).length).toBeGreaterThanOrEqual(35);
    expect(counts((i) => i.cities.map((c) => `${c.name}, ${i.country.name}`)).length).toBeGreaterThanOrEqual(
      100,
    );
  });

  it('weighs countries as venture activity is: the United States first by far, then the United Kingdom', () => {
    const [first, second] = counts((i) => [i.country.name]);
    expect(first?.[0]).toBe('United States');
    expect(second?.[0]).toBe('United Kingdom');
    expect(first?.[1] ?? 0).toBeGreaterThan(3 * (second?.[1] ?? 0));
    expect((first?.[1] ?? 0) / investors.length).toBeGreaterThan(0.3);
  });

  it('gives no two investors the same name, even as their emails would spell it', () => {
    const names = investors.map((i) => emailPart(i.name));
    expect(new Set(names).size).toBe(investors.length);
    const emails = investors.flatMap((i) => (i.email ? [i.email] : []));
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('makes every email from the transliterated name, at the domain of the investor’s own firm', () => {
    for (const investor of investors) {
      if (!investor.email) continue;
      const [local, domain] = investor.email.split('@');
      expect(domain).toBe(investor.firm.domain);
      expect(local).toMatch(/^[a-z0-9._]+$/);
      // The local part is made of the name's letters: the first name's initial at least.
      expect(local?.[0]).toBe(emailPart(investor.firstName)[0]);
      expect(domain).not.toMatch(/example\.(com|net|org)$/);
    }
    // People at the same firm share its domain; different firms never do.
    const domainsByFirm = new Map<string, Set<string>>();
    for (const { firm } of investors)
      domainsByFirm.set(firm.name, (domainsByFirm.get(firm.name) ?? new Set()).add(firm.domain));
    for (const domains of domainsByFirm.values()) expect(domains.size).toBe(1);
    const firmsByDomain = new Map<string, Set<string>>();
    for (const { firm } of investors)
      firmsByDomain.set(firm.domain, (firmsByDomain.get(firm.domain) ?? new Set()).add(firm.name));
    for (const firms of firmsByDomain.values()) expect(firms.size).toBe(1);
  });

  it('transliterates letters NFKD keeps whole (Ł, ø, ß, æ) as well as accents', () => {
    expect(transliterate('Łukasz Wiśniewski')).toBe('Lukasz Wisniewski');
    expect(transliterate('Søren Østergaard')).toBe('Soren Ostergaard');
    expect(transliterate('Jörg Strauß')).toBe('Jorg Strauss');
    expect(transliterate('Næss')).toBe('Naess');
    expect(transliterate('Nguyễn Đức')).toBe('Nguyen Duc');
    expect(emailPart("Émilie O'Connell-Lefèvre")).toBe('emilieoconnelllefevre');
    // Investors whose names hold such letters get addresses made of the transliterated name.
    const special = investors.filter((i) => /[łŁøØßæÆđĐ]/.test(i.name) && i.email);
    expect(special.length).toBeGreaterThan(5);
    for (const investor of special) {
      const local = investor.email?.split('@')[0] ?? '';
      const f = emailPart(investor.firstName);
      const l = emailPart(investor.lastName);
      expect([`${f}.${l}`, f, `${f[0]}${l}`, `${f}${l[0]}`, `${f}_${l}`]).toContain(local);
    }
    expect(investors.filter((i) => /[^\p{ASCII}]/u.test(i.name)).length).toBeGreaterThan(50);
  });

  it('writes every phone number in its country’s format, valid for that country', () => {
    const phones = investors.filter((i) => i.phone);
    expect(phones.length).toBeGreaterThan(investors.length * 0.3);
    for (const investor of phones) {
      const parsed = parsePhoneNumberFromString(investor.phone ?? '');
      expect(parsed?.isValid(), `${investor.phone} in ${investor.country.name}`).toBe(true);
      expect(parsed?.country).toBe(investor.country.code);
      expect(investor.phone).toBe(parsed?.formatInternational());
    }
    // North America and the United Kingdom use the numbers set aside for fiction.
    for (const investor of phones.filter((i) => i.country.code === 'US'))
      expect(investor.phone).toMatch(/ 555 01\d\d$/);
    for (const investor of phones.filter((i) => i.country.code === 'GB'))
      expect(investor.phone).toMatch(/^\+44 (20 7946 0|\d{3,4} 496)/);
  });

  it('gives titles that fit the kind of investor: an angel is no Partner, a VC no Angel Investor', () => {
    for (const investor of investors) {
      if (investor.kind === 'Angel') {
        expect(investor.title).toMatch(/Angel/);
        expect(investor.firm.name).toMatch(/Angel/);
      } else expect(investor.title).not.toMatch(/Angel/);
      if (investor.kind === 'VC')
        expect(investor.title).toMatch(/Partner|Principal|Associate|Analyst|Vice President|Director/);
    }
  });

  it('skews kinds, stages and sectors like a real directory (Zipf-like), not uniformly', () => {
    const kinds = counts((i) => [i.kind]);
    expect(kinds[0]?.[0]).toBe('VC');
    expect(kinds[0]?.[1] ?? 0).toBeGreaterThan(5 * (kinds.at(-1)?.[1] ?? 0));
    const stages = counts((i) => i.stages);
    expect(stages[0]?.[0]).toBe('Seed');
    // The taxonomy's six stages (Late Stage is a synonym of Growth): the tail is Series C+ or Growth.
    expect(stages[0]?.[1] ?? 0).toBeGreaterThan(4 * (stages.at(-1)?.[1] ?? 0));
    const sectors = counts((i) => i.sectors);
    expect(sectors.map(([sector]) => sector).sort()).toEqual([...DEMO_SECTORS].sort());
    expect(sectors[0]?.[1] ?? 0).toBeGreaterThan(6 * (sectors.at(-1)?.[1] ?? 0));
    // Each step down the list has no more investors than a few steps above it.
    for (let i = 3; i < sectors.length; i++)
      expect(sectors[i]?.[1] ?? 0).toBeLessThan(sectors[i - 3]?.[1] ?? 0);
  });

  it('keeps one sector list with no synonyms and stages in the founders’ order', () => {
    const keys = DEMO_SECTORS.map(normalizeTag);
    expect(new Set(keys).size).toBe(keys.length);
    // No sector is another with a qualifier ('Fintech' and 'Fintech (Payments, Lending)').
    for (const a of keys)
      for (const b of keys) if (a !== b) expect(b.startsWith(`${a} `) || b.startsWith(`${a}(`)).toBe(false);
    for (const investor of investors) {
      const ranks = investor.stages.map((stage) => DEMO_STAGES.indexOf(stage));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(investor.checkMax).toBeGreaterThan(investor.checkMin);
    }
  });

  it('imports through the shared CSV mapping with every fact in its field', () => {
    const columns = columnsFromHeaders(DEMO_HEADERS);
    const [row] = generateInvestorRows(1);
    const [investor] = generateDemoInvestors(1);
    const record = buildImportedInvestor(columns, row ?? [], {
      sourceName: 'Demo',
      importedByUserId: 'admin',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(record.fullName).toBe(investor?.name);
    expect(record.primaryFirm?.name).toBe(investor?.firm.name);
    expect(record.geographyFocus?.countries).toEqual([investor?.country.name]);
    expect(record.geographyFocus?.cities).toEqual(investor?.cities.map((c) => c.name));
    expect(record.checkSize?.min?.value).toBe(investor?.checkMin);
    expect(record.checkSize?.max?.value).toBe(investor?.checkMax);
    expect(record.sectorFocus).toEqual(investor?.sectors.map(normalizeTag));
    expect(record.otherMetadata.filter((m) => m.tag !== 'Investor Type')).toEqual([]);
  });

  describe('profile facts (issue 33)', () => {
    const profiles = investors.map((investor, i) => demoProfileOf(investor, i));
    const share = (has: (p: (typeof profiles)[number]) => boolean) =>
      profiles.filter(has).length / profiles.length;

    it('gives a realistic share of investors a thesis (~60%), a portfolio of 3–15 (~40%) and recent investments (~30%)', () => {
      expect(share((p) => p.thesis !== null)).toBeGreaterThan(0.55);
      expect(share((p) => p.thesis !== null)).toBeLessThan(0.65);
      expect(share((p) => p.portfolio.length > 0)).toBeGreaterThan(0.35);
      expect(share((p) => p.portfolio.length > 0)).toBeLessThan(0.45);
      expect(share((p) => p.recentInvestments.length > 0)).toBeGreaterThan(0.25);
      expect(share((p) => p.recentInvestments.length > 0)).toBeLessThan(0.35);
      // Issue 52: about half the funds (never angels) carry a fund size and a vintage; some deals are recent.
      expect(share((p) => p.fundSize !== null)).toBeGreaterThan(0.2);
      expect(share((p) => p.fundSize !== null)).toBeLessThan(0.5);
      expect(profiles.every((p) => (p.fundSize === null) === (p.vintage === null))).toBe(true);
      expect(
        share((p) => p.recentInvestments.some((deal) => (deal.date ?? '') >= '2026-01')),
      ).toBeGreaterThan(0.1);
      for (const p of profiles) {
        if (p.portfolio.length > 0) expect(p.portfolio.length).toBeGreaterThanOrEqual(3);
        expect(p.portfolio.length).toBeLessThanOrEqual(15);
        for (const company of p.portfolio)
          expect(company.website ?? 'https://x.example').toMatch(/\.example$/);
      }
    });

    it('speaks the taxonomy: where they invest is a country or region of it, portfolio stages and rounds are its stages, theses name its sectors', () => {
      const stages = new Set<string>(DEMO_STAGES);
      for (const [i, p] of profiles.entries()) {
        for (const place of p.investsIn)
          expect(resolveCountry(place)?.name ?? resolveRegion(place)?.name, place).toBe(place);
        for (const company of p.portfolio) if (company.stage) expect(stages.has(company.stage)).toBe(true);
        for (const deal of p.recentInvestments) expect(stages.has(deal.round ?? '')).toBe(true);
        expect(p.thesis ?? '').not.toMatch(/healthtech|climate tech|agtech|food tech|space tech|late-stage/i);
        // A thesis speaks of the investor's first stage ("Series C+" reads "Series C"), never of another.
        if (p.thesis && investors[i]?.stages[0] === 'Series C+') expect(p.thesis).toContain('Series C');
      }
      // Caio Souza, the README's investor, is where he was before the taxonomy, with all his facts.
      const caio = investors.findIndex((investor) => investor.name === 'Caio Souza');
      expect(caio).toBe(1486);
      expect(investors[caio]).toMatchObject({ stages: ['Pre-Seed', 'Seed'] });
      expect(profiles[caio]).toMatchObject({ investsIn: ['Latin America'], leadOrFollow: 'follow' });
    });

    it('imports every fact through the shared CSV mapping, reading back what was generated, with no notice', () => {
      const columns = columnsFromHeaders(DEMO_HEADERS);
      const rows = generateInvestorRows(400);
      rows.forEach((row, i) => {
        const { record, notices } = buildImportedInvestorWithNotices(columns, row, {
          sourceName: 'Demo',
          importedByUserId: 'admin',
          now: new Date('2026-01-01T00:00:00Z'),
        });
        const p = profiles[i];
        expect(notices.filter((n) => n.column !== 'Investor Type')).toEqual([]);
        expect(record.thesis ?? null).toBe(p?.thesis);
        expect(record.website ?? null).toBe(p?.website);
        expect(record.leadOrFollow ?? null).toBe(p?.leadOrFollow);
        expect(record.typicalCheque ?? null).toBe(p?.typicalCheque);
        expect(record.geographicFocus ?? []).toEqual(p?.investsIn);
        expect(record.portfolio ?? []).toEqual(p?.portfolio);
        expect(record.recentInvestments ?? []).toEqual(p?.recentInvestments);
      });
    });
  });
});

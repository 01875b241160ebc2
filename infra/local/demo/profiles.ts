import type {
  LeadOrFollow,
  PortfolioCompany,
  RecentInvestment,
} from '../../../shared/investors/profile-facts';
import { Draw, seededRandom } from './random';

/**
 * The demo directory's profile facts (issue 33): a thesis for about 60% of investors, a website for
 * most firms, lead or follow, a typical cheque, where they invest, a portfolio of 3–15 invented
 * companies for about 40%, recent investments for about 30%. Synthetic: company names are made of
 * invented syllables, websites end in `.example`. Each investor's facts come from a stream of their
 * own (seeded by the directory's seed and the investor's position), so adding them left every
 * other fact of the demo directory as it was, and a smaller directory's facts are a larger one's.
 */

/** What the generator knows of an investor when it writes their profile. */
export interface ProfileSubject {
  kind: string;
  firmDomain: string;
  stages: readonly string[];
  sectors: readonly string[];
  country: string;
  checkMin: number;
  checkMax: number;
}

export interface DemoProfile {
  thesis: string | null;
  website: string | null;
  leadOrFollow: LeadOrFollow | null;
  typicalCheque: number | null;
  investsIn: string[];
  portfolio: PortfolioCompany[];
  recentInvestments: RecentInvestment[];
  /** Issue 52: the fund's size (whole dollars) and latest vintage, for about half of the funds. */
  fundSize: number | null;
  vintage: number | null;
}

/** The region a demo country's investors also invest across: one of the taxonomy's (shared/taxonomy/places.ts). */
const REGIONS: Readonly<Record<string, string>> = {
  'United States': 'North America',
  Canada: 'North America',
  Mexico: 'Latin America',
  Brazil: 'Latin America',
  Colombia: 'Latin America',
  Argentina: 'Latin America',
  Chile: 'Latin America',
  India: 'South Asia',
  China: 'Asia',
  Japan: 'Asia',
  'South Korea': 'Asia',
  'Hong Kong': 'Asia',
  Singapore: 'Southeast Asia',
  Indonesia: 'Southeast Asia',
  Australia: 'Asia Pacific',
  Israel: 'Middle East',
  'United Arab Emirates': 'Middle East',
  'Saudi Arabia': 'Middle East',
  Egypt: 'Africa',
  Nigeria: 'Africa',
  Kenya: 'Africa',
  'South Africa': 'Africa',
  Sweden: 'Nordics',
  Denmark: 'Nordics',
  Finland: 'Nordics',
  Norway: 'Nordics',
  Germany: 'DACH',
  Austria: 'DACH',
  Switzerland: 'DACH',
};
const regionOf = (country: string) => REGIONS[country] ?? 'Europe';

const STAGE_PHRASES: Readonly<Record<string, string>> = {
  'Pre-Seed': 'pre-seed',
  Seed: 'seed',
  'Series A': 'Series A',
  'Series B': 'Series B',
  'Series C+': 'Series C',
  Growth: 'growth-stage',
};

const OPENINGS = [
  (stage: string, sectors: string, place: string) =>
    `We back ${stage} founders building in ${sectors}, mostly in ${place}.`,
  (stage: string, sectors: string, place: string) =>
    `${capitalise(stage)} investor in ${sectors} across ${place}.`,
  (stage: string, sectors: string, place: string) =>
    `First institutional money for ${sectors} companies in ${place}, from ${stage} onwards.`,
  (stage: string, sectors: string, place: string) =>
    `I invest at ${stage} in ${sectors} teams from ${place} with global ambitions.`,
];

const BELIEFS = [
  'We look for technical founders who know their customer better than anyone.',
  'We like businesses where software turns a slow, manual market into a fast one.',
  'We care about capital efficiency: a clear path to the next milestone on the round we join.',
  'Distribution matters as much as product: we ask how the first hundred customers will be won.',
  'We prefer regulated markets, where a strong team builds a lasting moat.',
  'We back repeat founders and first-timers alike, and judge the market before the deck.',
  'We help with the first hires, pricing and the next round, and stay out of the way otherwise.',
  'Climate and resilience are part of every diligence we run, whatever the sector.',
];

const HOW_WE_WORK = [
  'We decide within three weeks of a first meeting.',
  'We reserve capital for follow-on rounds.',
  'We take a board seat only when we lead.',
  'Warm introductions help, but every cold email is read.',
  'We co-invest often and are happy to share diligence.',
];

const SYLLABLES_A = [
  'Lum',
  'Nov',
  'Kest',
  'Orb',
  'Tal',
  'Quin',
  'Brio',
  'Dunel',
  'Ely',
  'Fenn',
  'Galv',
  'Halo',
  'Isol',
  'Juno',
  'Korv',
  'Lyra',
  'Mavr',
  'Nimb',
  'Ostr',
  'Pell',
  'Rovin',
  'Selv',
  'Torq',
  'Umbr',
  'Velk',
  'Wynd',
  'Zeph',
  'Arlo',
  'Cirr',
  'Oakr',
];
const SYLLABLES_B = [
  'ia',
  'io',
  'ora',
  'ent',
  'ova',
  'ix',
  'mo',
  'wise',
  'base',
  'loop',
  'grid',
  'nest',
  'path',
  'ly',
];
const COMPANY_WORDS: Readonly<Record<string, readonly string[]>> = {
  AI: ['AI', 'Labs', 'Intelligence'],
  Fintech: ['Pay', 'Finance', 'Ledger', 'Money'],
  SaaS: ['Cloud', 'Software', 'HQ'],
  Health: ['Health', 'Care', 'Clinic'],
  Climate: ['Energy', 'Carbon', 'Grid'],
  Consumer: ['Home', 'Goods', 'Club'],
  'Developer Tools': ['Dev', 'Stack', 'Code'],
  Cybersecurity: ['Shield', 'Secure', 'Guard'],
  Marketplaces: ['Market', 'Exchange'],
  Biotech: ['Bio', 'Therapeutics', 'Genomics'],
  Edtech: ['Learn', 'Academy'],
  'Deep Tech': ['Quantum', 'Photonics'],
  Mobility: ['Mobility', 'Rides'],
  Insurtech: ['Cover', 'Insure'],
  Proptech: ['Homes', 'Spaces'],
  Logistics: ['Freight', 'Logistics'],
  Robotics: ['Robotics', 'Motion'],
  'Food & Agriculture': ['Farms', 'Harvest', 'Foods', 'Kitchen'],
  Gaming: ['Games', 'Play'],
  Media: ['Media', 'Studio'],
  Web3: ['Chain', 'Protocol'],
  Energy: ['Power', 'Solar', 'Grid'],
  'HR Tech': ['People', 'Talent'],
  'Legal Tech': ['Legal', 'Counsel'],
  Space: ['Orbital', 'Space'],
};

const ROUND_AMOUNTS: Readonly<Record<string, readonly number[]>> = {
  'Pre-Seed': [250_000, 500_000, 750_000, 1_000_000],
  Seed: [1_500_000, 2_000_000, 3_000_000, 4_000_000],
  'Series A': [6_000_000, 8_000_000, 12_000_000, 15_000_000],
  'Series B': [20_000_000, 30_000_000, 40_000_000],
  'Series C+': [50_000_000, 70_000_000],
  Growth: [80_000_000, 120_000_000, 150_000_000, 250_000_000],
};

/** A sector as a sentence says it: 'fintech', but 'AI', 'SaaS' and 'HR tech' keep their capitals. */
const sectorWords = (sector: string) =>
  /^[A-Z]{2,}/.test(sector) || /[a-z][A-Z]/.test(sector)
    ? sector.replace(/ Tech$/, ' tech')
    : sector.toLowerCase();

/** A country as a sentence says it: 'the United States', 'Portugal'. */
const placeWords = (place: string) =>
  /^(United |Netherlands|Middle East|Nordics)/.test(place) ? `the ${place}` : place;

const capitalise = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

const joinWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** A cheque rounded as people write them: 2 significant figures. */
const round2 = (amount: number) => {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(amount)) - 1);
  return Math.round(amount / magnitude) * magnitude;
};

/** The profile facts of the demo investor at position `index` of the directory made with `seed`. */
export function demoProfile(subject: ProfileSubject, index: number, seed = 42): DemoProfile {
  const draw = new Draw(seededRandom((seed * 1_000_003 + index * 7919 + 17) >>> 0));
  const stagePhrase = STAGE_PHRASES[subject.stages[0] ?? 'Seed'] ?? 'seed';
  const region = regionOf(subject.country);
  const sectors = joinWords(subject.sectors.slice(0, 3).map(sectorWords));

  const thesis = draw.chance(0.6)
    ? [
        draw.one(OPENINGS)(
          stagePhrase,
          sectors || 'software',
          placeWords(draw.chance(0.5) ? subject.country : region),
        ),
        ...draw.distinct(
          BELIEFS.map((b) => [b, 1] as const),
          draw.weighted([
            [1, 50],
            [2, 50],
          ]),
        ),
        ...(draw.chance(0.5) ? ['', draw.one(HOW_WE_WORK)] : []),
      ]
        .join(' ')
        .replace(/ {2}/g, '\n\n')
        .trim()
    : null;

  const website = draw.chance(0.75) ? `https://www.${subject.firmDomain}` : null;
  const leads = subject.kind === 'Angel' ? 0.25 : subject.kind === 'VC' ? 0.55 : 0.4;
  const leadOrFollow = draw.chance(0.7)
    ? draw.weighted<LeadOrFollow>([
        ['lead', leads],
        ['follow', 1 - leads],
        ['both', 0.6],
      ])
    : null;
  const typicalCheque = draw.chance(0.5)
    ? round2(subject.checkMin + (subject.checkMax - subject.checkMin) * (0.2 + draw.random() * 0.4))
    : null;
  const investsIn = draw.chance(0.45) ? (draw.chance(0.5) ? [subject.country, region] : [region]) : [];

  const companyName = (used: Set<string>): string => {
    for (;;) {
      const sector = draw.one(subject.sectors.length > 0 ? subject.sectors : ['SaaS']);
      const stem = `${draw.one(SYLLABLES_A)}${draw.one(SYLLABLES_B)}`;
      const words = COMPANY_WORDS[sector] ?? ['Labs'];
      const name = draw.chance(0.55) ? `${stem} ${draw.one(words)}` : stem;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
  const used = new Set<string>();
  const stages = subject.stages.length > 0 ? subject.stages : ['Seed'];

  const portfolio: PortfolioCompany[] = draw.chance(0.4)
    ? Array.from({ length: 3 + Math.floor(draw.random() * 13) }, () => {
        const name = companyName(used);
        return {
          name,
          website: draw.chance(0.6) ? `https://${name.toLowerCase().replace(/\s+/g, '')}.example` : null,
          stage: draw.chance(0.8) ? draw.one(stages) : null,
          year: draw.chance(0.85) ? 2014 + Math.floor(draw.random() * 12) : null,
        };
      }).sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || a.name.localeCompare(b.name))
    : [];

  const recentInvestments: RecentInvestment[] = draw.chance(0.3)
    ? Array.from({ length: 1 + Math.floor(draw.random() * 5) }, () => {
        const round = draw.one(stages);
        // Two years to December 2026 (issue 52: some deployed in the last 12 months, some quiet).
        const month = 1 + Math.floor(draw.random() * 24);
        const year = 2025 + Math.floor((month - 1) / 12);
        return {
          company: draw.chance(0.5) && portfolio.length > 0 ? draw.one(portfolio).name : companyName(used),
          round,
          date: `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}`,
          amount: draw.chance(0.6) ? draw.one(ROUND_AMOUNTS[round] ?? [2_000_000]) : null,
        };
      })
        .filter((deal, i, all) => all.findIndex((d) => d.company === deal.company) === i)
        .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    : [];

  // Drawn last, so every earlier fact of the stream is as it was (issue 52).
  const hasFund = subject.kind !== 'Angel' && draw.chance(0.5);
  const fundSize = hasFund
    ? round2(Math.max(subject.checkMax * 40, 5_000_000) * (0.5 + draw.random()))
    : null;
  const vintage = hasFund ? 2012 + Math.floor(draw.random() * 15) : null;
  return {
    thesis,
    website,
    leadOrFollow,
    typicalCheque,
    investsIn,
    portfolio,
    recentInvestments,
    fundSize,
    vintage,
  };
}

import { type Culture, NAME_POOLS } from './names';
import { demoPhoneNumber } from './phones';
import { DEMO_COUNTRIES, type DemoCity, type DemoCountry } from './places';
import { Draw, seededRandom, zipf } from './random';
import { emailPart } from './transliterate';

/** The taxonomy's stages (shared/taxonomy), in the founders' order: what every demo investor carries. */
export const DEMO_STAGES = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Growth'] as const;
type Stage = (typeof DEMO_STAGES)[number];

/**
 * The scale the generator draws stages on, as source lists wrote them before the taxonomy. Drawing on
 * it keeps the demo directory the one it has been (every investor, profile and README screenshot
 * the same); each drawn stage is then carried as the taxonomy's stage it names: "Series C" is
 * "Series C+", "Late Stage" is "Growth".
 */
const DRAWN_STAGES = [
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Growth',
  'Late Stage',
] as const;
type DrawnStage = (typeof DRAWN_STAGES)[number];
const ON_TAXONOMY: Readonly<Record<DrawnStage, Stage>> = {
  'Pre-Seed': 'Pre-Seed',
  Seed: 'Seed',
  'Series A': 'Series A',
  'Series B': 'Series B',
  'Series C': 'Series C+',
  Growth: 'Growth',
  'Late Stage': 'Growth',
};

/**
 * The demo directory's sectors: one list of the taxonomy's sectors (shared/taxonomy), no two of them
 * synonyms of each other (a test), most common first: investors' sector counts fall off like a Zipf
 * law down this list.
 */
export const DEMO_SECTORS = [
  'AI',
  'Fintech',
  'SaaS',
  'Health',
  'Climate',
  'Consumer',
  'Developer Tools',
  'Cybersecurity',
  'Marketplaces',
  'Biotech',
  'Edtech',
  'Deep Tech',
  'Mobility',
  'Insurtech',
  'Proptech',
  'Logistics',
  'Robotics',
  'Food & Agriculture',
  'Gaming',
  'Media',
  'Web3',
  'Energy',
  'HR Tech',
  'Legal Tech',
  'Space',
] as const;

/** What a kind of investor is called, does and is titled: each investor is consistent with their kind. */
interface InvestorKind {
  /** The 'Investor Type' cell, as a source list writes it. */
  label: string;
  weight: number;
  titles: readonly (readonly [string, number])[];
  /** The word after the firm's name ('Ventures'), and the endings of its web domain. */
  firmWords: readonly (readonly [string, number])[];
  domains: readonly (readonly [string, number])[];
  /** The stage each investor of this kind centres on. */
  stages: readonly (readonly [DrawnStage, number])[];
  /** How likely a new investor of this kind joins a firm already in the directory (its colleagues). */
  joins: number;
}

/** The country's own domain ending, in a kind's list of domain endings. */
const COUNTRY_DOMAIN = '<country>';

const KINDS: readonly InvestorKind[] = [
  {
    label: 'VC',
    weight: 46,
    titles: [
      ['Partner', 28],
      ['Principal', 14],
      ['Associate', 16],
      ['General Partner', 10],
      ['Managing Partner', 6],
      ['Venture Partner', 6],
      ['Vice President', 6],
      ['Investment Director', 4],
      ['Analyst', 5],
    ],
    firmWords: [
      ['Ventures', 40],
      ['Capital', 35],
      ['Partners', 15],
      ['VC', 10],
    ],
    domains: [
      ['.vc', 35],
      ['.com', 30],
      ['vc.com', 15],
      ['.capital', 10],
      [COUNTRY_DOMAIN, 10],
    ],
    stages: [
      ['Pre-Seed', 12],
      ['Seed', 34],
      ['Series A', 30],
      ['Series B', 14],
      ['Series C', 6],
      ['Growth', 3],
      ['Late Stage', 1],
    ],
    joins: 0.6,
  },
  {
    label: 'Angel',
    weight: 24,
    titles: [
      ['Angel Investor', 60],
      ['Angel Investor and Advisor', 20],
      ['Operator Angel', 10],
      ['Former Founder, Angel Investor', 10],
    ],
    // An angel invests with an angel group: the card reads 'Angel Investor · Fernmoor Angels'.
    firmWords: [
      ['Angels', 70],
      ['Angel Network', 30],
    ],
    domains: [
      ['angels.com', 50],
      ['angels.org', 30],
      ['.club', 20],
    ],
    stages: [
      ['Pre-Seed', 45],
      ['Seed', 50],
      ['Series A', 5],
    ],
    joins: 0.7,
  },
  {
    label: 'Corporate VC',
    weight: 7,
    titles: [
      ['Investment Director', 30],
      ['Investment Manager', 30],
      ['Head of Corporate Venturing', 15],
      ['Principal', 15],
      ['Managing Director', 10],
    ],
    firmWords: [['Corporate Ventures', 100]],
    domains: [
      ['group.com', 60],
      ['.com', 40],
    ],
    stages: [
      ['Seed', 10],
      ['Series A', 35],
      ['Series B', 35],
      ['Series C', 15],
      ['Growth', 5],
    ],
    joins: 0.5,
  },
  {
    label: 'Fund',
    weight: 6,
    titles: [
      ['Managing Director', 25],
      ['Portfolio Manager', 25],
      ['Investment Director', 25],
      ['Senior Associate', 25],
    ],
    firmWords: [
      ['Growth Fund', 40],
      ['Capital Management', 35],
      ['Investment Partners', 25],
    ],
    domains: [
      ['.com', 50],
      ['capital.com', 30],
      [COUNTRY_DOMAIN, 20],
    ],
    stages: [
      ['Series A', 5],
      ['Series B', 25],
      ['Series C', 25],
      ['Growth', 30],
      ['Late Stage', 15],
    ],
    joins: 0.5,
  },
  {
    label: 'Accelerator',
    weight: 6,
    titles: [
      ['Program Director', 30],
      ['Managing Director', 25],
      ['Investment Manager', 25],
      ['Head of Programs', 20],
    ],
    firmWords: [
      ['Accelerator', 60],
      ['Launchpad', 40],
    ],
    domains: [
      ['.io', 50],
      ['.com', 50],
    ],
    stages: [
      ['Pre-Seed', 60],
      ['Seed', 40],
    ],
    joins: 0.4,
  },
  {
    label: 'Family Office',
    weight: 5,
    titles: [
      ['Chief Investment Officer', 30],
      ['Investment Director', 30],
      ['Principal', 25],
      ['Investment Analyst', 15],
    ],
    firmWords: [
      ['Family Office', 60],
      ['Family Capital', 40],
    ],
    domains: [
      ['.com', 60],
      [COUNTRY_DOMAIN, 40],
    ],
    stages: [
      ['Seed', 10],
      ['Series A', 15],
      ['Series B', 20],
      ['Series C', 15],
      ['Growth', 25],
      ['Late Stage', 15],
    ],
    joins: 0.3,
  },
  {
    label: 'Incubator',
    weight: 3,
    titles: [
      ['Studio Partner', 35],
      ['Founding Partner', 30],
      ['Director', 35],
    ],
    firmWords: [
      ['Labs', 50],
      ['Studio', 30],
      ['Incubator', 20],
    ],
    domains: [
      ['labs.com', 50],
      ['.studio', 50],
    ],
    stages: [
      ['Pre-Seed', 75],
      ['Seed', 25],
    ],
    joins: 0.4,
  },
  {
    // Not one of the directory's types: parsed as 'Other', the text kept in the record's metadata.
    label: 'Syndicate',
    weight: 3,
    titles: [
      ['Syndicate Lead', 70],
      ['Co-Lead', 30],
    ],
    firmWords: [['Syndicate', 100]],
    domains: [
      ['.club', 50],
      ['.com', 50],
    ],
    stages: [
      ['Pre-Seed', 30],
      ['Seed', 55],
      ['Series A', 15],
    ],
    joins: 0.3,
  },
];

/**
 * Firm names are invented compounds ('Fernmoor', 'Kestrelgate'), so that no firm or domain is a real
 * one's by design.
 */
const FIRM_STARTS = [
  'Alder',
  'Bracken',
  'Cinder',
  'Dunlin',
  'Ember',
  'Fern',
  'Glimmer',
  'Heron',
  'Ironbark',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Marram',
  'Nettle',
  'Oriel',
  'Plover',
  'Quill',
  'Rook',
  'Sable',
  'Thistle',
  'Umber',
  'Vetch',
  'Wren',
  'Yarrow',
  'Zephyr',
  'Bramble',
  'Corvid',
  'Damson',
  'Eider',
  'Foxglove',
  'Gorse',
  'Hawthorn',
  'Lapwing',
  'Merlin',
  'Osprey',
  'Puffin',
  'Sorrel',
  'Teal',
  'Whinchat',
  'Larch',
];
const FIRM_ENDS = [
  'moor',
  'gate',
  'wick',
  'mere',
  'fold',
  'crest',
  'brook',
  'haven',
  'holt',
  'ridge',
  'stead',
  'combe',
  'field',
  'ley',
  'worth',
  'shaw',
  'hurst',
  'dale',
  'vale',
  'croft',
  'wold',
  'bourne',
  'marsh',
  'thorpe',
  'garth',
  'more',
  'ness',
  'fell',
  'tarn',
  'beck',
  'lynn',
  'cote',
];
/** For a second word when every compound is taken (only the benchmark's large files get there). */
const FIRM_PLACES = ['North', 'Harbour', 'Summit', 'Meadow', 'Lantern', 'Beacon', 'Orchard', 'Cove'];

/** How a firm writes its people's addresses (first.last@, first@, flast@...). */
type EmailPattern = 'first.last' | 'first' | 'flast' | 'firstl' | 'first_last';
const EMAIL_PATTERNS: readonly (readonly [EmailPattern, number])[] = [
  ['first.last', 45],
  ['first', 25],
  ['flast', 20],
  ['firstl', 5],
  ['first_last', 5],
];

export interface DemoFirm {
  name: string;
  domain: string;
  kind: string;
  country: string;
  emailPattern: EmailPattern;
  members: number;
}

/** One synthetic investor: who, where, what they invest in, and how to reach them. */
export interface DemoInvestor {
  firstName: string;
  lastName: string;
  name: string;
  kind: string;
  title: string;
  firm: DemoFirm;
  email: string | null;
  phone: string | null;
  linkedin: string | null;
  twitter: string | null;
  crunchbase: string | null;
  stages: Stage[];
  sectors: string[];
  country: DemoCountry;
  cities: DemoCity[];
  checkMin: number;
  checkMax: number;
  notes: string;
}

/** Cheque ranges by stage, in dollars: a window of stages spans from its first's low to its last's high. */
const CHEQUES: Readonly<Record<DrawnStage, readonly [readonly number[], readonly number[]]>> = {
  'Pre-Seed': [
    [25_000, 50_000, 100_000],
    [150_000, 250_000, 500_000],
  ],
  Seed: [
    [100_000, 250_000, 500_000],
    [1_000_000, 1_500_000, 2_000_000, 3_000_000],
  ],
  'Series A': [
    [1_000_000, 2_000_000, 3_000_000],
    [5_000_000, 8_000_000, 10_000_000],
  ],
  'Series B': [
    [5_000_000, 8_000_000],
    [15_000_000, 20_000_000, 25_000_000],
  ],
  'Series C': [
    [10_000_000, 15_000_000],
    [30_000_000, 40_000_000, 50_000_000],
  ],
  Growth: [
    [20_000_000, 25_000_000],
    [75_000_000, 100_000_000],
  ],
  'Late Stage': [
    [50_000_000, 75_000_000],
    [150_000_000, 200_000_000],
  ],
};

/** Angels, accelerators and incubators write smaller cheques than a fund at the same stage. */
const SMALL_CHEQUES: Readonly<Record<string, readonly [readonly number[], readonly number[]]>> = {
  Angel: [
    [10_000, 15_000, 25_000, 50_000],
    [50_000, 100_000, 150_000, 250_000],
  ],
  Accelerator: [
    [20_000, 50_000, 100_000],
    [125_000, 150_000, 250_000, 500_000],
  ],
  Incubator: [
    [10_000, 25_000, 50_000],
    [100_000, 150_000, 250_000],
  ],
};

const NOTES: readonly string[] = [
  'Prefers warm introductions.',
  'Leads rounds; happy to co-invest.',
  'B2B only.',
  'Replies fastest by email.',
  'Invests in founders from their region first.',
  'Looks for technical founding teams.',
  'Reserves capital for follow-on rounds.',
  'Takes board seats from Series A.',
];

/** '$250k', '$1.5M', '$20M'. */
export function formatCheque(amount: number): string {
  if (amount >= 1_000_000) return `$${Number((amount / 1_000_000).toFixed(1))}M`;
  return `$${Math.round(amount / 1000)}k`;
}

const EXTRA_INITIALS = [...'ABCDEFGHJKLMNPRSTVW'];

/**
 * The demo directory, generated: `count` synthetic investors, the same for the same `count` and
 * `seed`, and the investors of a smaller count the start of a larger one's. Every name is unique
 * (a middle initial is added where a pairing is taken), every city lies in its investor's country,
 * every email is at the investor's firm's domain and made from the transliterated name, every
 * phone number is valid for the country, titles and stages fit the kind of investor, and the
 * countries, kinds, stages and sectors are skewed as a real directory's are.
 */
export function generateDemoInvestors(count: number, seed = 42): DemoInvestor[] {
  const draw = new Draw(seededRandom(seed));
  const countries = DEMO_COUNTRIES.map((country) => [country, country.weight] as const);
  const kinds = KINDS.map((kind) => [kind, kind.weight] as const);
  const sectorWeights = zipf(DEMO_SECTORS, 0.9);
  const names = new Set<string>();
  const emails = new Set<string>();
  const investors: DemoInvestor[] = [];

  // Every firm name, in an order of the draw's choosing: compounds first, then with a second word.
  const stemOrder = (list: string[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(draw.random() * (i + 1));
      [list[i], list[j]] = [list[j] as string, list[i] as string];
    }
    return list;
  };
  const compounds = stemOrder(FIRM_STARTS.flatMap((start) => FIRM_ENDS.map((end) => `${start}${end}`)));
  const stems = [
    ...compounds,
    ...stemOrder(compounds.flatMap((stem) => FIRM_PLACES.map((place) => `${stem} ${place}`))),
  ].reverse();
  const newStem = (): string | null => stems.pop() ?? null;

  /** Firms still taking people (at most 8 listed each), by kind and country: the newest few are joined. */
  const open = new Map<string, DemoFirm[]>();
  const allFirms: DemoFirm[] = [];
  const join = (firm: DemoFirm) => {
    firm.members++;
    return firm;
  };

  const firmFor = (kind: InvestorKind, country: DemoCountry): DemoFirm => {
    const key = `${kind.label}|${country.name}`;
    const candidates = (open.get(key) ?? []).slice(-40).filter((firm) => firm.members < 8);
    const stem = candidates.length > 0 && draw.chance(kind.joins) ? null : newStem();
    if (stem === null) {
      // Every name taken (only the benchmark's largest files): someone joins any firm.
      const pool = candidates.length > 0 ? candidates : allFirms.slice(-40);
      // Joining is in proportion to size: bigger firms have more people listed.
      return join(draw.weighted(pool.map((f) => [f, f.members + 1] as const)));
    }
    const ending = draw.weighted(kind.domains);
    const firm: DemoFirm = {
      name: `${stem} ${draw.weighted(kind.firmWords)}`,
      domain: `${emailPart(stem)}${ending === COUNTRY_DOMAIN ? country.domain : ending}`,
      kind: kind.label,
      country: country.name,
      emailPattern: draw.weighted(EMAIL_PATTERNS),
      members: 1,
    };
    const firmsHere = open.get(key) ?? [];
    firmsHere.push(firm);
    open.set(key, firmsHere);
    allFirms.push(firm);
    return firm;
  };

  /** A name no other investor has (compared as their emails would spell it): a middle initial where needed. */
  const parts = new Map<string, string>();
  const part = (text: string) => {
    let ascii = parts.get(text);
    if (ascii === undefined) {
      ascii = emailPart(text);
      parts.set(text, ascii);
    }
    return ascii;
  };
  const nameFor = (culture: Culture) => {
    const pool = NAME_POOLS[culture];
    for (let attempt = 0; ; attempt++) {
      const first = draw.one(pool.first);
      const last = draw.one(pool.last);
      const middle = attempt >= 6 ? draw.one(EXTRA_INITIALS) : null;
      // Beyond every pairing and initial (far past the demo's size): numbered, still unique.
      const suffix = attempt >= 16 ? ` ${names.size}` : '';
      const key = `${part(first)} ${middle ?? ''} ${part(last)}${suffix}`;
      if (!names.has(key)) {
        names.add(key);
        const name = `${first} ${middle ? `${middle}. ` : ''}${last}${suffix}`;
        return { first, middle, last, name };
      }
    }
  };

  const emailFor = (first: string, middle: string | null, last: string, firm: DemoFirm): string => {
    const f = emailPart(first);
    const l = emailPart(last);
    const byPattern: Record<EmailPattern, string> = {
      'first.last': `${f}.${l}`,
      first: f,
      flast: `${f.slice(0, 1)}${l}`,
      firstl: `${f}${l.slice(0, 1)}`,
      first_last: `${f}_${l}`,
    };
    const candidates = [
      byPattern[firm.emailPattern],
      `${f}.${l}`,
      ...(middle ? [`${f}.${emailPart(middle)}.${l}`] : []),
    ];
    for (let n = 2; ; n++) {
      const local = candidates.shift() ?? `${f}.${l}${n}`;
      const email = `${local}@${firm.domain}`;
      if (!emails.has(email)) {
        emails.add(email);
        return email;
      }
    }
  };

  const stageWindow = (kind: InvestorKind): DrawnStage[] => {
    const centre = DRAWN_STAGES.indexOf(draw.weighted(kind.stages));
    const allowed = new Set(kind.stages.map(([stage]) => stage));
    const width = draw.weighted([
      [1, 35],
      [2, 45],
      [3, 20],
    ]);
    const chosen = [DRAWN_STAGES[centre] as DrawnStage];
    for (let step = 1; chosen.length < width && step < DRAWN_STAGES.length; step++) {
      for (const index of draw.chance(0.5)
        ? [centre + step, centre - step]
        : [centre - step, centre + step]) {
        const stage = DRAWN_STAGES[index];
        if (stage && allowed.has(stage) && chosen.length < width) chosen.push(stage);
      }
    }
    return DRAWN_STAGES.filter((stage) => chosen.includes(stage));
  };

  for (let i = 0; i < count; i++) {
    const country = draw.weighted(countries);
    const kind = draw.weighted(kinds);
    const home = draw.weighted(country.cities.map((c) => [c, c.weight] as const));
    const cities =
      country.cities.length > 1 && draw.chance(0.12)
        ? [home, draw.one(country.cities.filter((c) => c !== home))]
        : [home];
    const { first, middle, last, name } = nameFor(draw.weighted(country.cultures));
    const firm = firmFor(kind, country);
    const stages = stageWindow(kind);
    const [lows, highs] = SMALL_CHEQUES[kind.label] ?? [
      CHEQUES[stages[0] ?? 'Seed'][0],
      CHEQUES[stages.at(-1) ?? 'Seed'][1],
    ];
    const checkMin = draw.one(lows);
    const checkMax = Math.max(draw.one(highs), checkMin * 2);
    const handle = `${emailPart(first)}-${emailPart(last)}`;
    const hex = Math.floor(draw.random() * 0xfffff)
      .toString(16)
      .padStart(5, '0');
    investors.push({
      firstName: first,
      lastName: last,
      name,
      kind: kind.label,
      title: draw.weighted(kind.titles),
      firm,
      email: draw.chance(0.85) ? emailFor(first, middle, last, firm) : null,
      phone: draw.chance(0.4) ? demoPhoneNumber(country, home, draw.random) : null,
      linkedin: draw.chance(0.7) ? `https://www.linkedin.com/in/${handle}-${hex}` : null,
      twitter: draw.chance(0.45) ? `https://x.com/${handle.replace('-', '').slice(0, 15)}` : null,
      crunchbase: draw.chance(0.3) ? `https://www.crunchbase.com/person/${handle}-${hex}` : null,
      stages: DEMO_STAGES.filter((stage) => stages.some((drawn) => ON_TAXONOMY[drawn] === stage)),
      sectors: draw.distinct(
        sectorWeights,
        draw.weighted([
          [1, 25],
          [2, 40],
          [3, 25],
          [4, 10],
        ]),
      ),
      country,
      cities,
      checkMin,
      checkMax,
      notes: draw.chance(0.2) ? draw.one(NOTES) : '',
    });
  }
  return investors;
}

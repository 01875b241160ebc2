import { randomUUID } from 'node:crypto';
import { aggregateDirectory } from '../../lambdas/lib/directory/aggregation';
import {
  processAllImportedInvestors,
  processUnmappedImportedInvestors,
} from '../../lambdas/lib/directory/mapping';
import { BUILT_IN_PORTAL, builtInPortal } from '../../lambdas/lib/portals/built-in';
import { podcastModel, podcastVoteModel } from '../../lambdas/lib/table/models';
import { putImportedInvestors } from '../../lambdas/lib/table/repositories/investors';
import { createPodcast, togglePodcastVote } from '../../lambdas/lib/table/repositories/podcasts';
import { getPortal, putPortal } from '../../lambdas/lib/table/repositories/portals';
import { createProject } from '../../lambdas/lib/table/repositories/projects';
import { ensureUserProfile } from '../../lambdas/lib/table/repositories/users';
import { getItem, putItem, queryAll, updateItem } from '../../lambdas/lib/table/table';
import { buildImportedInvestor } from '../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../shared/import/header-matching';
import type { ImportedInvestor } from '../../shared/investors/types';
import { ensureUser, type LocalAccount, type LocalCognito } from './cognito';
import { seedLocalInvestor } from './seed-investor';

/** Local-only accounts, printed in the banner. Never used outside the local home. */
export const LOCAL_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin-local-1', admin: true },
  founder: { email: 'founder@example.com', password: 'founder-local-1' },
  /** Joined the built-in portal (issue 21), with a draft profile. */
  investor: { email: 'investor@example.com', password: 'investor-local-1' },
} satisfies Record<string, LocalAccount>;

/** A small deterministic PRNG (mulberry32), so every fresh clone gets the same demo directory. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ada',
  'Bram',
  'Cleo',
  'Dario',
  'Edda',
  'Fenn',
  'Gala',
  'Hugo',
  'Iris',
  'Joss',
  'Kira',
  'Lior',
  'Mina',
  'Nico',
  'Opal',
  'Pim',
  'Quin',
  'Rhea',
  'Sami',
  'Tove',
  'Ugo',
  'Vera',
  'Wren',
  'Xavi',
  'Yara',
  'Zeno',
  'Åsa',
  'Émile',
  'Zoë',
  'Łukasz',
];
const LAST = [
  'Abernook',
  'Brightwater',
  'Caldera',
  'Dunmore',
  'Elswick',
  'Farrow',
  'Galloway',
  'Hollis',
  'Ivers',
  'Jandro',
  'Kessler',
  'Lindqvist',
  'Marlowe',
  'Northcote',
  'Oakhurst',
  'Pennick',
  'Quarles',
  'Rosslyn',
  'Stavros',
  'Thorne',
  'Ulverton',
  'Vantongeren',
  'Whitlock',
  'Yardley',
  'Zabrowski',
  'Müller',
  'Ødegaard',
];
const FIRM_A = [
  'Acorn',
  'Beacon',
  'Cobalt',
  'Driftwood',
  'Ember',
  'Foundry',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
  'Keystone',
  'Lantern',
  'Meridian',
  'Nimbus',
  'Orchard',
  'Pioneer',
];
const FIRM_B = ['Ventures', 'Capital', 'Partners', 'Fund', 'Labs', 'Collective', 'Holdings', 'Angels'];
const ROLES = [
  'VC',
  'Angel',
  'Fund',
  'Accelerator',
  'Incubator',
  'Corporate VC',
  'Family Office',
  'Syndicate',
];
const STAGES = ['Pre-Seed', 'Seed', 'Series A', 'Series B', 'Series C', 'Growth', 'Late Stage'];
const SECTORS = [
  'Fintech',
  'SaaS',
  'Healthtech',
  'Climate',
  'AI',
  'Marketplaces',
  'Consumer',
  'Edtech',
  'Biotech',
  'Deep Tech',
  'Gaming',
  'Proptech',
  'Mobility',
  'Cybersecurity',
  'Developer Tools',
  'Fintech (payments, lending)',
  'Agtech',
  'Web3',
  'Robotics',
  'Media',
];
const COUNTRIES = [
  'United States',
  'United Kingdom',
  'Germany',
  'France',
  'Netherlands',
  'Sweden',
  'Canada',
  'Singapore',
  'Brazil',
  'India',
];
const CITIES = [
  'New York',
  'San Francisco',
  'London',
  'Berlin',
  'Paris',
  'Amsterdam',
  'Stockholm',
  'Toronto',
  'Singapore',
  'São Paulo',
  'Bangalore',
];
const DOMAINS = ['example.com', 'example.org', 'example.net'];

export const DEMO_HEADERS = [
  'Investor Name',
  'Firm Name',
  'Title',
  'Email',
  'Phone',
  'LinkedIn',
  'Twitter',
  'Crunchbase',
  'Investor Type',
  'Stage Focus',
  'Sector Focus',
  'Countries',
  'City',
  'Min Check Size',
  'Max Check Size',
  'Notes',
];

/**
 * Synthetic investor rows, in the shape of a CSV an admin would import: made-up names, and emails
 * only on reserved example domains. The same `count` and `seed` always give the same rows.
 */
export function generateInvestorRows(count: number, seed = 42): string[][] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const some = (list: readonly string[], max: number) => {
    const n = 1 + Math.floor(random() * max);
    return [...new Set(Array.from({ length: n }, () => pick(list)))];
  };
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const firm = `${pick(FIRM_A)} ${pick(FIRM_B)}`;
    const handle = `${first}.${last}.${i}`
      .normalize('NFKD')
      .replace(/[^\w.]/g, '')
      .toLowerCase();
    const min = [25, 50, 100, 250, 500][Math.floor(random() * 5)] ?? 50;
    rows.push([
      `${first} ${last}`,
      firm,
      pick(['Partner', 'Principal', 'Managing Partner', 'Associate', 'Angel Investor', 'Director']),
      random() < 0.85 ? `${handle}@${pick(DOMAINS)}` : '',
      random() < 0.4 ? `+1 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}` : '',
      random() < 0.7 ? `https://www.linkedin.com/in/${handle.replace(/\./g, '-')}` : '',
      random() < 0.45 ? `https://twitter.com/${handle.replace(/\./g, '_')}` : '',
      random() < 0.3 ? `https://www.crunchbase.com/person/${handle.replace(/\./g, '-')}` : '',
      pick(ROLES),
      some(STAGES, 3).join(', '),
      some(SECTORS, 4).join('; '),
      some(COUNTRIES, 2).join(', '),
      pick(CITIES),
      `$${min}k`,
      `$${min * 10 >= 1000 ? `${(min * 10) / 1000}M` : `${min * 10}k`}`,
      random() < 0.2 ? 'Prefers warm introductions.' : '',
    ]);
  }
  return rows;
}

/**
 * Loads rows through the product's own code paths: the shared CSV mapping into imported
 * investors (written in batches), then mapping into searchable investors with their tag
 * postings, then aggregation into directory metadata.
 */
export async function importRows(
  headers: string[],
  rows: string[][],
  source: { sourceName: string; sourceUrl: string; importedByUserId: string },
  options: { importedAt?: (row: number) => Date } = {},
): Promise<void> {
  const columns = columnsFromHeaders(headers);
  const now = new Date();
  const investors: ImportedInvestor[] = rows.map((row, i) => ({
    id: randomUUID(),
    ...buildImportedInvestor(columns, row, { ...source, now: options.importedAt?.(i) ?? now }),
  }));
  await putImportedInvestors(investors);
  await processUnmappedImportedInvestors();
  await aggregateDirectory();
}

const SEED_MARKER = { pk: 'LOCAL_SEED', sk: 'v1' };
/** Set once a seeded home's investors carry provenance (issue 20). */
const PROVENANCE_MARKER = { pk: 'LOCAL_SEED', sk: 'provenance-v1' };

/** How many days before the seed each demo row was last seen: spread over 18 months, the same on every clone. */
export function demoImportDates(count: number, now: Date, seed = 7): (row: number) => Date {
  const random = seededRandom(seed);
  const days = Array.from({ length: count }, () => Math.floor(random() * 540));
  return (row) => new Date(now.getTime() - (days[row] ?? 0) * 86_400_000);
}

/**
 * A home seeded before provenance (issue 20) gets it: every imported investor is mapped again, which
 * gives each searchable investor the months its contact values were confirmed (the values' source
 * and dates come from their imported records: docs/data-model.md, "Provenance"), then the changes are
 * folded into search. Runs once.
 */
export async function upgradeSeededProvenance(): Promise<boolean> {
  if (await getItem(PROVENANCE_MARKER.pk, PROVENANCE_MARKER.sk)) return false;
  await processAllImportedInvestors();
  await aggregateDirectory();
  await putItem({ ...PROVENANCE_MARKER, entity: 'localSeed', seededAt: new Date().toISOString() });
  return true;
}

/**
 * Records written by an older local home, given the keys and fields of today's model (issue 19):
 * podcasts get their stored vote count and the board's indexes, their votes the voter index, their
 * listers the limit's guard; portals the Portals tool's index. Records already up to date are left.
 */
export async function upgradeSeededRecords(): Promise<void> {
  const podcasts = await queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'PODCASTS' },
  });
  for (const item of podcasts) {
    if (typeof item.voteCount === 'number' && item.gsi2pk) continue;
    const id = String(item.id);
    const votes = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :vote)',
      ExpressionAttributeValues: { ':pk': `PODCAST#${id}`, ':vote': 'VOTE#' },
    });
    for (const vote of votes) await putItem(podcastVoteModel.toItem(podcastVoteModel.fromItem(vote)));
    const podcast = podcastModel.fromItem({ ...item, voteCount: votes.length, hiddenAt: null });
    await putItem(podcastModel.toItem(podcast));
    await updateItem({
      Key: { pk: `USER#${podcast.listedBy}`, sk: 'PODCASTS' },
      UpdateExpression: 'ADD podcastIds :id SET entity = :entity, userId = :user',
      ExpressionAttributeValues: {
        ':id': new Set([id]),
        ':entity': 'podcastLister',
        ':user': podcast.listedBy,
      },
    });
  }
  const vcn = await getPortal(BUILT_IN_PORTAL.urlIdentifier);
  if (vcn) await putPortal(vcn);
}

/** Seeds the local home on its first run; later runs find the marker and keep the data as it is. */
export async function seedLocalHome(
  cognito: LocalCognito,
  options: { investors: number } = { investors: 2400 },
) {
  const adminSub = await ensureUser(cognito, LOCAL_ACCOUNTS.admin);
  const founderSub = await ensureUser(cognito, LOCAL_ACCOUNTS.founder);
  await seedLocalInvestor(cognito, LOCAL_ACCOUNTS.investor, new Date().toISOString());
  if (await getItem(SEED_MARKER.pk, SEED_MARKER.sk)) {
    // A home seeded before mapping kept the directory totals, or before search had its snapshot, is
    // brought up to date: aggregation recounts when either is missing (and only folds otherwise).
    await aggregateDirectory();
    await upgradeSeededRecords();
    await upgradeSeededProvenance();
    return { seeded: false };
  }

  const now = new Date().toISOString();
  await ensureUserProfile({ userId: adminSub, email: LOCAL_ACCOUNTS.admin.email, now });
  await ensureUserProfile({ userId: founderSub, email: LOCAL_ACCOUNTS.founder.email, now });

  // Each row as last seen some day in the past 18 months, so cards show how fresh each contact is.
  await importRows(
    DEMO_HEADERS,
    generateInvestorRows(options.investors),
    {
      sourceName: 'Demo directory (synthetic)',
      sourceUrl: 'https://example.com/demo-directory',
      importedByUserId: adminSub,
    },
    { importedAt: demoImportDates(options.investors, new Date()) },
  );

  await putPortal(builtInPortal(now, adminSub));

  const podcasts = [
    {
      title: 'Founders at Dawn',
      url: 'https://podcasts.example.com/founders-at-dawn',
      participants: ['Ada Marlowe', 'Hugo Thorne'],
      description: 'Early mornings with early-stage founders.',
    },
    {
      title: 'The Term Sheet',
      url: 'https://podcasts.example.com/the-term-sheet',
      participants: ['Iris Galloway'],
      description: 'Investors explain the fine print.',
    },
    {
      title: 'Bootstrapped & Proud',
      url: 'https://podcasts.example.com/bootstrapped',
      participants: [],
      description: null,
    },
  ];
  for (const [i, p] of podcasts.entries()) {
    const id = `pod_demo_${i + 1}`;
    await createPodcast({
      id,
      imageUrl: null,
      createdAt: new Date(Date.now() - i * 86_400_000).toISOString(),
      listedBy: adminSub,
      voteCount: 0,
      hiddenAt: null,
      ...p,
    });
    if (i < 2) await togglePodcastVote(id, adminSub, now);
  }

  for (const [i, p] of [
    {
      name: 'Acme Analytics',
      description: 'Dashboards for small shops.',
      startupStatus: ['Building', 'Raising'],
      sectors: ['saas', 'fintech'],
    },
    {
      name: 'Green Route',
      description: 'Carbon-aware delivery routing.',
      startupStatus: ['Bootstrapping'],
      sectors: ['climate', 'mobility'],
    },
  ].entries()) {
    await createProject({
      id: `proj_demo_${i + 1}`,
      creatorUserId: founderSub,
      createdAt: now,
      updatedAt: now,
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
      ...p,
    });
  }

  await putItem({ ...SEED_MARKER, entity: 'localSeed', seededAt: now });
  await putItem({ ...PROVENANCE_MARKER, entity: 'localSeed', seededAt: now });
  return { seeded: true };
}

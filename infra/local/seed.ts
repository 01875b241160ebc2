import { randomUUID } from 'node:crypto';
import { aggregateDirectory } from '../../lambdas/lib/directory/aggregation';
import { mapImportedInvestors, processAllImportedInvestors } from '../../lambdas/lib/directory/mapping';
import { BUILT_IN_PORTAL, builtInPortal } from '../../lambdas/lib/portals/built-in';
import { podcastListerModel, podcastModel, podcastVoteModel } from '../../lambdas/lib/table/models';
import { createPodcast, togglePodcastVote } from '../../lambdas/lib/table/repositories/podcasts';
import { getPortal, putPortal } from '../../lambdas/lib/table/repositories/portals';
import { createProject } from '../../lambdas/lib/table/repositories/projects';
import { ensureUserProfile } from '../../lambdas/lib/table/repositories/users';
import { deleteItem, getItem, putItem, queryAll, updateItem } from '../../lambdas/lib/table/table';
import { buildImportedInvestor } from '../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../shared/import/header-matching';
import { portfolioLine, recentInvestmentLine } from '../../shared/import/profile-cells';
import type { ImportedInvestor } from '../../shared/investors/types';
import { ensureUser, type LocalAccount, type LocalCognito } from './cognito';
import { type DemoInvestor, formatCheque, generateDemoInvestors } from './demo/investors';
import { type DemoProfile, demoProfile } from './demo/profiles';
import { seedLocalInvestor } from './seed-investor';

/** Local-only accounts, printed in the banner. Never used outside the local home. */
export const LOCAL_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'admin-local-1', admin: true },
  founder: { email: 'founder@example.com', password: 'founder-local-1' },
  /** Joined the built-in portal (issue 21), with a draft profile. */
  investor: { email: 'investor@example.com', password: 'investor-local-1' },
} satisfies Record<string, LocalAccount>;

import { seededRandom } from './demo/random';

export { seededRandom };

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
  // Profile facts (issue 33), spelled as source lists spell them.
  'Investment Thesis',
  'Website',
  'Lead/Follow',
  'Typical Check',
  'Invests In',
  'Portfolio Companies',
  'Recent Investments',
  // The fund (issue 52).
  'Fund Size',
  'Vintage',
];

const LEAD_OR_FOLLOW_CELLS = { lead: 'Lead', follow: 'Follow', both: 'Both' } as const;

/** The demo profile facts of one row, as CSV cells (the import reads them back: profile-cells.ts). */
function profileCells(profile: DemoProfile): string[] {
  return [
    profile.thesis ?? '',
    profile.website ?? '',
    profile.leadOrFollow ? LEAD_OR_FOLLOW_CELLS[profile.leadOrFollow] : '',
    profile.typicalCheque === null ? '' : formatCheque(profile.typicalCheque),
    profile.investsIn.join(', '),
    profile.portfolio.map(portfolioLine).join('; '),
    profile.recentInvestments.map((deal) => recentInvestmentLine(deal, formatCheque)).join('; '),
    profile.fundSize === null ? '' : formatCheque(profile.fundSize),
    profile.vintage === null ? '' : String(profile.vintage),
  ];
}

/**
 * The demo directory (./demo/investors.ts) in the shape of a CSV an admin would import: synthetic
 * people at invented firms. The same `count` and `seed` always give the same rows, and a smaller
 * count's rows are the start of a larger count's.
 */
export function generateInvestorRows(count: number, seed = 42): string[][] {
  return generateDemoInvestors(count, seed).map((investor, index) => [
    investor.name,
    investor.firm.name,
    investor.title,
    investor.email ?? '',
    investor.phone ?? '',
    investor.linkedin ?? '',
    investor.twitter ?? '',
    investor.crunchbase ?? '',
    investor.kind,
    investor.stages.join(', '),
    investor.sectors.join('; '),
    investor.country.name,
    investor.cities.map((city) => city.name).join(', '),
    formatCheque(investor.checkMin),
    formatCheque(investor.checkMax),
    investor.notes,
    ...profileCells(demoProfileOf(investor, index, seed)),
  ]);
}

/** The profile facts of a demo investor (a stream of their own: ./demo/profiles.ts). */
export const demoProfileOf = (investor: DemoInvestor, index: number, seed = 42): DemoProfile =>
  demoProfile(
    {
      kind: investor.kind,
      firmDomain: investor.firm.domain,
      stages: investor.stages,
      sectors: investor.sectors,
      country: investor.country.name,
      checkMin: investor.checkMin,
      checkMax: investor.checkMax,
    },
    index,
    seed,
  );

/** How far a seed has come: `done` of `total` investors imported and mapped. */
export type SeedProgress = (done: number, total: number) => void;

/** Rows mapped at a time: small enough for the progress to move, large enough for full batches. */
const SEED_CHUNK_ROWS = 300;

/**
 * Loads rows through the product's own code paths: the shared CSV mapping builds imported investors,
 * the directory's mapping turns each chunk into searchable investors with their tag postings (and
 * writes the imported records, linked to them: one write each, not a pending one first), then
 * aggregation writes the directory metadata. `onProgress` hears after every chunk.
 */
export async function importRows(
  headers: string[],
  rows: string[][],
  source: { sourceName: string; sourceUrl: string; importedByUserId: string },
  options: { importedAt?: (row: number) => Date; onProgress?: SeedProgress } = {},
): Promise<void> {
  const columns = columnsFromHeaders(headers);
  const now = new Date();
  for (let start = 0; start < rows.length; start += SEED_CHUNK_ROWS) {
    const investors: ImportedInvestor[] = rows.slice(start, start + SEED_CHUNK_ROWS).map((row, i) => ({
      id: randomUUID(),
      ...buildImportedInvestor(columns, row, {
        ...source,
        now: options.importedAt?.(start + i) ?? now,
      }),
    }));
    await mapImportedInvestors(investors, new Date());
    options.onProgress?.(Math.min(rows.length, start + SEED_CHUNK_ROWS), rows.length);
  }
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

/** Set once a seeded home's searchable investors carry what the shortlist ranks on (issue 35). */
const SHORTLIST_MARKER = { pk: 'LOCAL_SEED', sk: 'shortlist-v1' };

/**
 * A home seeded before the shortlist (issue 35) gets its facts on every searchable investor (lead or
 * follow, typical cheque, where they invest, from the profile sheets) by mapping every imported
 * investor again, then the changes are folded into search. Runs once.
 */
export async function upgradeSeededShortlistFacts(): Promise<boolean> {
  if (await getItem(SHORTLIST_MARKER.pk, SHORTLIST_MARKER.sk)) return false;
  await processAllImportedInvestors();
  await aggregateDirectory();
  await putItem({ ...SHORTLIST_MARKER, entity: 'localSeed', seededAt: new Date().toISOString() });
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
  const listers = new Set<string>();
  for (const item of podcasts) {
    listers.add(String(item.listedBy));
    if (typeof item.voteCount === 'number' && item.gsi2pk) continue;
    const id = String(item.id);
    const votes = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :vote)',
      ExpressionAttributeValues: { ':pk': `PODCAST#${id}`, ':vote': 'VOTE#' },
    });
    for (const vote of votes) await putItem(podcastVoteModel.toItem(podcastVoteModel.fromItem(vote)));
    const podcast = podcastModel.fromItem({ ...item, voteCount: votes.length, hiddenAt: null });
    await putItem(podcastModel.toItem(podcast));
    await addToLister(podcast.listedBy, [id]);
  }
  // The limit's guard moved out of the user's partition (issue 31: the podcasts function may not
  // write user records): a guard at its old key is moved to the new one.
  for (const userId of listers) {
    const old = await getItem(`USER#${userId}`, 'PODCASTS', true);
    if (!old) continue;
    await addToLister(userId, [...((old.podcastIds as Set<string> | undefined) ?? [])]);
    await deleteItem(`USER#${userId}`, 'PODCASTS');
  }
  const vcn = await getPortal(BUILT_IN_PORTAL.urlIdentifier);
  if (vcn) await putPortal(vcn);
}

/** Adds podcasts to their lister's guard (the limit of five), at the model's key. */
async function addToLister(userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await updateItem({
    Key: podcastListerModel.keys({ userId, podcastIds: [] }),
    UpdateExpression: 'ADD podcastIds :ids SET entity = :entity, userId = :user',
    ExpressionAttributeValues: {
      ':ids': new Set(ids),
      ':entity': podcastListerModel.entity,
      ':user': userId,
    },
  });
}

/** Seeds the local home on its first run; later runs find the marker and keep the data as it is. */
export async function seedLocalHome(
  cognito: LocalCognito,
  options: { investors?: number; onProgress?: SeedProgress; onStep?: (step: string) => void } = {},
) {
  const investors = options.investors ?? 2400;
  const step = options.onStep ?? (() => undefined);
  step('Creating the local accounts...');
  const adminSub = await ensureUser(cognito, LOCAL_ACCOUNTS.admin);
  const founderSub = await ensureUser(cognito, LOCAL_ACCOUNTS.founder);
  await seedLocalInvestor(cognito, LOCAL_ACCOUNTS.investor, new Date().toISOString());
  if (await getItem(SEED_MARKER.pk, SEED_MARKER.sk)) {
    // A home seeded before mapping kept the directory totals, or before search had its snapshot, is
    // brought up to date: aggregation recounts when either is missing (and only folds otherwise).
    step('Bringing the seeded directory up to date...');
    await aggregateDirectory();
    await upgradeSeededRecords();
    await upgradeSeededProvenance();
    await upgradeSeededShortlistFacts();
    return { seeded: false };
  }

  const now = new Date().toISOString();
  await ensureUserProfile({ userId: adminSub, email: LOCAL_ACCOUNTS.admin.email, now });
  await ensureUserProfile({ userId: founderSub, email: LOCAL_ACCOUNTS.founder.email, now });

  // Each row as last seen some day in the past 18 months, so cards show how fresh each contact is.
  await importRows(
    DEMO_HEADERS,
    generateInvestorRows(investors),
    {
      sourceName: 'Demo directory (synthetic)',
      sourceUrl: 'https://example.com/demo-directory',
      importedByUserId: adminSub,
    },
    {
      importedAt: demoImportDates(investors, new Date()),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
  );
  step('Adding the demo portal, podcasts and projects...');

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
      // Its raise (issue 35): its shortlist is the README's.
      raise: { round: 'seed', amountUsd: 1_500_000, country: 'Germany', city: 'Berlin', leadWanted: true },
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
  await putItem({ ...SHORTLIST_MARKER, entity: 'localSeed', seededAt: now });
  return { seeded: true };
}

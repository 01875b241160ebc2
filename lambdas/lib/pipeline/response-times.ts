import {
  type ContributorAccount,
  type MoveLine,
  type Observation,
  observe,
  personsOf,
  responseTimesOf,
} from '../../../shared/pipeline/response-times';
import { logger } from '../observability/logger';
import { batchGet } from '../table/batch';
import {
  type ResponseTimesItem,
  type StageMoveItem,
  stripeConnectionKey,
  stripeConnectionModel,
} from '../table/models';
import { listEntries, listPipelineReminders } from '../table/repositories/pipeline';
import { listProjectsByCreator } from '../table/repositories/projects';
import {
  hasPaidPurchase,
  listMovesOfProject,
  replaceResponseTimes,
} from '../table/repositories/response-times';
import { getUserProfiles } from '../table/repositories/users';

/**
 * The daily aggregation of how fast investors answer (issue 52; docs/decisions.md, "How fast
 * investors answer"), off the request path: every founder who keeps a pipeline (the reminders' index)
 * and turned sharing on is read (their account's qualification, their projects' Stripe accounts, their
 * directory entries' histories), people are told apart (shared/pipeline/response-times.ts), and each
 * investor with at least ten contributing people gets its figures; nothing of who is kept.
 */

const FOUNDERS_PAGE = 100;
const FOUNDERS_IN_FLIGHT = 8;

interface FounderReading {
  readonly account: ContributorAccount;
  /** investorId → the founder's observations of them (one per project that contacted them). */
  readonly observations: ReadonlyMap<string, Observation[]>;
}

/** The observations of one project's directory entries, by investor. */
async function observationsOfProject(projectId: string, into: Map<string, Observation[]>): Promise<void> {
  const [entries, moves] = await Promise.all([listEntries(projectId), listMovesOfProject(projectId)]);
  const investorOf = new Map(
    entries.flatMap((entry) => (entry.investorId ? [[entry.id, entry.investorId] as const] : [])),
  );
  const byEntry = new Map<string, StageMoveItem[]>();
  for (const move of moves) {
    if (!investorOf.has(move.entryId)) continue;
    const list = byEntry.get(move.entryId) ?? [];
    list.push(move);
    byEntry.set(move.entryId, list);
  }
  for (const [entryId, list] of byEntry) {
    const lines: MoveLine[] = list
      .sort((a, b) => a.version - b.version)
      .map((move) => ({ at: move.at, to: move.to, passReason: move.passReason }));
    const observation = observe(lines);
    if (!observation) continue;
    const investorId = investorOf.get(entryId) as string;
    const seen = into.get(investorId) ?? [];
    seen.push(observation);
    into.set(investorId, seen);
  }
}

/** What one founder who shares contributes, or null when they do not qualify (nothing else is read). */
async function readFounder(profile: {
  userId: string;
  email: string;
  verifiedEmail: boolean;
}): Promise<FounderReading | null> {
  const projects = await listProjectsByCreator(profile.userId);
  const connections = await batchGet(projects.map((project) => stripeConnectionKey(project.id)));
  const stripeAccounts = [
    ...new Set(connections.map((item) => stripeConnectionModel.fromItem(item).stripeUserId)),
  ].sort();
  const account: ContributorAccount = {
    userId: profile.userId,
    email: profile.email,
    verifiedEmail: profile.verifiedEmail,
    paidPurchase: stripeAccounts.length > 0 ? false : await hasPaidPurchase(profile.userId),
    stripeAccounts,
  };
  if (!account.verifiedEmail || (!account.paidPurchase && stripeAccounts.length === 0)) return null;
  const observations = new Map<string, Observation[]>();
  for (const project of projects) await observationsOfProject(project.id, observations);
  return { account, observations };
}

export interface ResponseTimesRun {
  /** Founders who keep a pipeline. */
  readonly founders: number;
  /** Of them, those who share and qualify. */
  readonly sharing: number;
  /** Investors whose figures are published after the run. */
  readonly published: number;
  /** Investors whose figures the run removed (fewer than ten people now). */
  readonly removed: number;
}

export async function aggregateResponseTimes(now: Date): Promise<ResponseTimesRun> {
  const readings: FounderReading[] = [];
  let founders = 0;
  let cursor: string | null = null;
  do {
    const page = await listPipelineReminders(cursor, FOUNDERS_PAGE);
    cursor = page.cursor;
    founders += page.items.length;
    const profiles = await getUserProfiles(page.items.map((item) => item.userId));
    const sharing = [...profiles.values()].filter((profile) => profile.shareResponseTimes);
    let next = 0;
    const worker = async () => {
      while (next < sharing.length) {
        const profile = sharing[next++];
        if (!profile) continue;
        const reading = await readFounder(profile);
        if (reading) readings.push(reading);
      }
    };
    await Promise.all(Array.from({ length: Math.min(FOUNDERS_IN_FLIGHT, sharing.length) }, worker));
  } while (cursor);

  const personOf = personsOf(readings.map((reading) => reading.account));
  const byInvestor = new Map<string, { userId: string; observation: Observation }[]>();
  for (const reading of readings)
    for (const [investorId, observations] of reading.observations) {
      const list = byInvestor.get(investorId) ?? [];
      for (const observation of observations) list.push({ userId: reading.account.userId, observation });
      byInvestor.set(investorId, list);
    }
  const computedAt = now.toISOString();
  const items: ResponseTimesItem[] = [];
  for (const [investorId, observations] of byInvestor) {
    const times = responseTimesOf(observations, personOf, now);
    if (times) items.push({ investorId, ...times, computedAt });
  }
  const { removed } = await replaceResponseTimes(items, computedAt);
  const run = { founders, sharing: readings.length, published: items.length, removed };
  logger.info('response times aggregated', { ...run });
  return run;
}

/**
 * How fast an investor answers (issue 52), from founders' pipelines: the share who replied and the
 * median days from Contacted to a first reply and to a decision. Pure: the daily aggregation
 * (lambdas/lib/pipeline/response-times.ts) feeds it the moves of the founders who opted in, and the
 * profile shows what it publishes. The privacy rule and the threshold are in docs/decisions.md,
 * "How fast investors answer".
 */

import * as z from 'zod/mini';
import type { PassReason, PipelineStage } from './stages';

/** An investor's figures are published only when at least this many people contributed. */
export const MIN_CONTRIBUTORS = 10;
/** A contact with no reply counts in the share who replied once it is this many days old. */
export const NO_REPLY_AFTER_DAYS = 30;

const DAY_MS = 86_400_000;

/** One move of an entry, as its history keeps it (oldest first). */
export interface MoveLine {
  readonly at: string;
  readonly to: PipelineStage;
  readonly passReason: PassReason | null;
}

/** What one founder's entry says of one investor: when contacted, first answered, decided (ms). */
export interface Observation {
  readonly contactedAt: number;
  readonly repliedAt: number | null;
  readonly decidedAt: number | null;
}

/** A pass the founder recorded as "Never replied" is the founder giving up, not the investor's answer. */
const isSilence = (move: MoveLine) => move.to === 'passed' && move.passReason === 'noReply';

/**
 * An entry's history read as an observation: the first move to Contacted starts it; the first later
 * move to any stage past Contacted (a pass included, unless "Never replied") is the first reply; the
 * first later move to Committed or Passed (not "Never replied") is the decision. Null when the
 * founder never moved the investor to Contacted (an entry imported straight at Meeting says nothing
 * of how fast they answered).
 */
export function observe(moves: readonly MoveLine[]): Observation | null {
  const start = moves.findIndex((move) => move.to === 'contacted');
  if (start < 0) return null;
  const contactedAt = Date.parse((moves[start] as MoveLine).at);
  if (Number.isNaN(contactedAt)) return null;
  let repliedAt: number | null = null;
  let decidedAt: number | null = null;
  for (const move of moves.slice(start + 1)) {
    const at = Date.parse(move.at);
    if (Number.isNaN(at) || isSilence(move) || move.to === 'toContact' || move.to === 'contacted') continue;
    repliedAt ??= at;
    if (move.to === 'committed' || move.to === 'passed') {
      decidedAt = at;
      break;
    }
  }
  return { contactedAt, repliedAt, decidedAt };
}

/** The median of a list of numbers (the mean of the middle two for an even count), null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * An address as a person holds it: case folded, a `+tag` dropped, and Gmail's dots (Gmail delivers
 * `a.na+x@gmail.com` to `ana@gmail.com`), so one inbox's variants are one person.
 */
export function personalEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? untagged.replace(/\./g, '') : untagged}@${gmail ? 'gmail.com' : domain}`;
}

/** A founder account that may contribute: what identifies its person, and whether it qualifies. */
export interface ContributorAccount {
  readonly userId: string;
  /** The account's verified address. */
  readonly email: string;
  readonly verifiedEmail: boolean;
  /** Paid for a purchase with a Stripe payment (a credit is no payment). */
  readonly paidPurchase: boolean;
  /** The Stripe accounts its projects are connected to (Stripe verifies who holds each). */
  readonly stripeAccounts: readonly string[];
}

/** Whether an account may contribute: a verified address, and a paid purchase or a connected Stripe account. */
export const qualifies = (account: ContributorAccount): boolean =>
  account.verifiedEmail && (account.paidPurchase || account.stripeAccounts.length > 0);

/**
 * The person each qualifying account belongs to: accounts that share an address (as a person holds
 * it, {@link personalEmail}) or a connected Stripe account are one person, and so is any chain of
 * them (A shares a Stripe account with B, B an address with C). Returns account → person (the
 * smallest user id of the person's accounts); accounts that do not qualify are left out.
 */
export function personsOf(accounts: readonly ContributorAccount[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    let node = key;
    while (node !== root) {
      const next = parent.get(node) as string;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  const add = (key: string) => {
    if (!parent.has(key)) parent.set(key, key);
  };
  const qualifying = accounts.filter(qualifies);
  for (const account of qualifying) {
    const user = `user:${account.userId}`;
    add(user);
    for (const key of [
      `email:${personalEmail(account.email)}`,
      ...account.stripeAccounts.map((id) => `stripe:${id}`),
    ]) {
      add(key);
      union(user, key);
    }
  }
  // The person's name: the smallest user id among its accounts (keys sort 'email:' < 'stripe:' < 'user:').
  const smallest = new Map<string, string>();
  for (const account of qualifying) {
    const root = find(`user:${account.userId}`);
    const seen = smallest.get(root);
    if (seen === undefined || account.userId < seen) smallest.set(root, account.userId);
  }
  return new Map(
    qualifying.map((account) => [account.userId, smallest.get(find(`user:${account.userId}`)) as string]),
  );
}

/** The figures as a profile's answer carries them (issue 52): totals only, never who. */
export const responseTimesSchema = z.object({
  contributors: z.int(),
  repliedShare: z.nullable(z.number()),
  medianDaysToReply: z.nullable(z.number()),
  medianDaysToDecision: z.nullable(z.number()),
});

/** What the profile shows of an investor, once enough people contributed. */
export interface ResponseTimes {
  /** How many people contributed (never who). */
  readonly contributors: number;
  /** The share who replied, 0–1; null when no contact is old enough to count. */
  readonly repliedShare: number | null;
  /** Median days from Contacted to the first reply, one decimal; null when nobody replied. */
  readonly medianDaysToReply: number | null;
  /** Median days from Contacted to Committed or Passed, one decimal; null when nobody decided. */
  readonly medianDaysToDecision: number | null;
}

const days = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;

/**
 * One investor's figures from every account's observations of them: each person counts once (their
 * first contact of the investor, over all their accounts and projects); null while fewer than
 * {@link MIN_CONTRIBUTORS} people contributed.
 */
export function responseTimesOf(
  observations: readonly { userId: string; observation: Observation }[],
  personOf: ReadonlyMap<string, string>,
  now: Date,
): ResponseTimes | null {
  const byPerson = new Map<string, Observation>();
  for (const { userId, observation } of observations) {
    const person = personOf.get(userId);
    if (person === undefined) continue;
    const seen = byPerson.get(person);
    if (!seen || observation.contactedAt < seen.contactedAt) byPerson.set(person, observation);
  }
  if (byPerson.size < MIN_CONTRIBUTORS) return null;
  const all = [...byPerson.values()];
  const oldEnough = now.getTime() - NO_REPLY_AFTER_DAYS * DAY_MS;
  const counted = all.filter((o) => o.repliedAt !== null || o.contactedAt <= oldEnough);
  const replied = all.filter((o) => o.repliedAt !== null);
  const toReply = median(replied.map((o) => (o.repliedAt as number) - o.contactedAt));
  const toDecision = median(all.flatMap((o) => (o.decidedAt === null ? [] : [o.decidedAt - o.contactedAt])));
  return {
    contributors: byPerson.size,
    // Every contact that replied is counted: the share is of the counted ones.
    repliedShare: counted.length === 0 ? null : replied.length / counted.length,
    medianDaysToReply: toReply === null ? null : days(toReply),
    medianDaysToDecision: toDecision === null ? null : days(toDecision),
  };
}

const dayText = (value: number): string => {
  if (value < 1) return 'under a day';
  const whole = Math.round(value);
  return `${whole} day${whole === 1 ? '' : 's'}`;
};

/** The figures as the profile says them, one line each. */
export function responseTimesLines(times: ResponseTimes): string[] {
  return [
    times.repliedShare === null
      ? null
      : `Replied to ${Math.round(times.repliedShare * 100)}% of founders who wrote`,
    times.medianDaysToReply === null ? null : `First reply in ${dayText(times.medianDaysToReply)} (median)`,
    times.medianDaysToDecision === null
      ? null
      : `A decision in ${dayText(times.medianDaysToDecision)} (median, from first contact)`,
  ].filter((line): line is string => line !== null);
}

/** At or above this share of founders answered, the shortlist names the figures as a reason for. */
export const ANSWERS_FOR_SHARE = 0.5;
/** Below this share, the shortlist names them as a reason against. */
export const ANSWERS_AGAINST_SHARE = 0.2;

/**
 * The figures as one shortlist reason (issue 52: "will they answer"), scored nothing: the share who
 * replied, of how many founders, and the median days to a first reply. For the investor when at
 * least half answered, against when under a fifth did; in between it stands out neither way and the
 * shortlist says nothing (the profile has the figures). Null too while the share cannot be counted.
 */
export function responseTimesReason(times: ResponseTimes): { text: string; tone: 'for' | 'against' } | null {
  const share = times.repliedShare;
  if (share === null || (share >= ANSWERS_AGAINST_SHARE && share < ANSWERS_FOR_SHARE)) return null;
  const reply =
    times.medianDaysToReply === null ? '' : `, first reply in ${dayText(times.medianDaysToReply)} (median)`;
  return {
    text: `Replied to ${Math.round(share * 100)}% of ${times.contributors} founders who wrote${reply}`,
    tone: share >= ANSWERS_FOR_SHARE ? 'for' : 'against',
  };
}

/** Where the figures come from: how many, never who. */
export const responseTimesSource = (times: ResponseTimes): string =>
  `From the pipelines of ${times.contributors} founders who share them`;

/** What a founder agrees to share, said plainly by the switch. */
export const SHARE_RESPONSE_TIMES_LABEL = 'Share how fast investors answer me';
export const SHARE_RESPONSE_TIMES_HELP =
  "When on, the dates your directory investors moved from Contacted to a reply and to a decision are counted, with other founders', in the reply times on their profiles. Only totals of at least 10 founders are shown: never your name, your company, your notes or amounts.";

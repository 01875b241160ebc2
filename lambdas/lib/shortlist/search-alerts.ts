import type { CartInvestor } from '../../../shared/cart/cart';
import { isoWeek } from '../../../shared/library/updates';
import { BRAND } from '../../../shared/messages';
import type { SearchIndex } from '../../../shared/search/engine';
import { fitPage } from '../../../shared/search/fit-rank';
import { fitWords } from '../../../shared/shortlist/places-port';
import { savedFiltersLine } from '../../../shared/shortlist/saved-search-words';
import { DEFAULT_TAXONOMY, type Taxonomy } from '../../../shared/taxonomy/taxonomy';
import { withUnsubscribe } from '../account/unsubscribe-link';
import { siteConfig } from '../config';
import { currentSearchIndex } from '../directory/search-index';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import type { SavedSearchItem, ShortlistHeader } from '../table/models';
import { getProject } from '../table/repositories/projects';
import {
  claimSearchAlert,
  getPassList,
  getShortlistHeader,
  listAlertFounders,
  listSavedSearches,
  recordSearchAlertSent,
  releaseSearchAlert,
} from '../table/repositories/shortlists';
import { currentTaxonomy } from '../table/repositories/taxonomy';
import { getUserProfiles } from '../table/repositories/users';
import { filtersOf, raiseOf } from './shortlists';

/**
 * The weekly alert of saved searches (issue 35; docs/decisions.md, "Saved searches and their weekly
 * alert"): a page of founders at a time (the `SEARCH_ALERTS` index, never a Scan); for each, the
 * investors new in their saved searches since the last alert (added to the directory, or confirmed
 * by themselves), the week claimed before the email goes out and given back when SES refuses it,
 * as the weekly update summary does (lambdas/lib/library/update-summaries.ts).
 */

/** Founders per page: each step of the workflow handles one page. */
export const ALERT_PAGE_SIZE = 50;
/** Investors named per saved search in the email (the rest counted). */
export const ALERT_NAMES_SHOWN = 5;

export interface SavedSearchNews {
  readonly savedSearch: Pick<SavedSearchItem, 'id' | 'name'> & Partial<Pick<SavedSearchItem, 'filters'>>;
  readonly total: number;
  readonly investors: readonly Pick<CartInvestor, 'name' | 'firmName'>[];
}

const investorCount = (n: number) => `${n.toLocaleString('en-US')} new ${n === 1 ? 'investor' : 'investors'}`;

/**
 * The alert email of one founder. Each saved search is named with its filters in a founder's words
 * (issue 50: "Seed · Robotics · Berlin", the taxonomy's labels), never the URL's keys.
 */
export function searchAlertEmail(
  to: string,
  news: readonly SavedSearchNews[],
  taxonomy: Taxonomy = DEFAULT_TAXONOMY,
) {
  const site = siteConfig().SITE_URL;
  const settings = `${site}/account/settings`;
  const total = news.reduce((sum, item) => sum + item.total, 0);
  const titleOf = (savedSearch: SavedSearchNews['savedSearch']) => {
    const line = savedFiltersLine(savedSearch.filters ?? {}, taxonomy);
    return line && line !== savedSearch.name ? `${savedSearch.name} (${line})` : savedSearch.name;
  };
  const lines = news.flatMap(({ savedSearch, total: count, investors }) => [
    `${titleOf(savedSearch)}: ${investorCount(count)}`,
    ...investors.map((investor) => `  ${investor.name}${investor.firmName ? ` (${investor.firmName})` : ''}`),
    ...(count > investors.length ? [`  and ${(count - investors.length).toLocaleString('en-US')} more`] : []),
    `  See them: ${site}/saved-searches/${savedSearch.id}`,
    '',
  ]);
  return {
    to,
    subject: `${investorCount(total)} in your saved searches`,
    text: [
      'Investors joined the directory, or confirmed their details themselves, since our last email:',
      '',
      ...lines,
      `You get at most one of these emails a week, and only when something is new. To stop them, turn off "Weekly new-investor emails" in your account settings: ${settings}`,
      '',
      `— ${BRAND}`,
    ].join('\n'),
  };
}

/** From when a saved search's news counts: the last alert's cover, or its saving if later. */
const sinceOf = (header: ShortlistHeader, saved: SavedSearchItem): number =>
  Math.max(Date.parse(saved.createdAt), header.coveredUntil ? Date.parse(header.coveredUntil) : 0);

/** What is new in one saved search (a shortlist: by fit, its project's passes left out). */
async function newsOf(
  index: SearchIndex,
  header: ShortlistHeader,
  saved: SavedSearchItem,
): Promise<SavedSearchNews | null> {
  const filters = { ...(await filtersOf(saved)), newSince: sinceOf(header, saved) };
  if (saved.kind === 'search') {
    const page = index.page(filters, 'name', null, ALERT_NAMES_SHOWN);
    return page.total > 0 ? { savedSearch: saved, total: page.total, investors: page.items } : null;
  }
  const project = saved.projectId ? await getProject(saved.projectId) : null;
  // A deleted project's shortlist has nothing to say.
  if (!project || project.creatorUserId !== header.userId) return null;
  const passed = await getPassList(header.userId, project.id);
  const leaveOut = new Set([...passed].map((id) => index.ordOf(id)).filter((ord) => ord >= 0));
  const page = fitPage(index, raiseOf(project), fitWords, {
    filters,
    leaveOut,
    // The alert counts every new investor of the shortlist, as before the split (issue 49).
    rest: 'show',
    cursor: null,
    limit: ALERT_NAMES_SHOWN,
  });
  return page.total > 0
    ? { savedSearch: saved, total: page.total, investors: page.items.map((item) => item.investor) }
    : null;
}

export type AlertOutcome = 'sent' | 'off' | 'nothing' | 'already' | 'refused';

/** One founder's alert for the week of `now`. */
async function alert(
  listed: ShortlistHeader,
  email: string | null,
  index: SearchIndex,
  now: Date,
): Promise<AlertOutcome> {
  const week = isoWeek(now);
  // The index's copy may lag the item (a week claimed then given back a moment ago): read the item.
  const header = (await getShortlistHeader(listed.userId)) ?? listed;
  if (!header.alerts || !email) return 'off';
  if (header.lastSentWeek === week) return 'already';
  const saved = await listSavedSearches(header.userId);
  const news = (await Promise.all(saved.map((s) => newsOf(index, header, s)))).filter(
    (item): item is SavedSearchNews => item !== null,
  );
  if (news.length === 0) return 'nothing';
  if (!(await claimSearchAlert(header, week))) return 'already';
  try {
    await sendEmail(
      await withUnsubscribe(
        searchAlertEmail(email, news, await currentTaxonomy()),
        header.userId,
        'searchAlerts',
        now,
      ),
    );
  } catch (error) {
    // Given back: the next run sends it. The other founders go on.
    logger.error('a weekly saved-search alert was not sent', { userId: header.userId, error });
    await releaseSearchAlert(header, week);
    return 'refused';
  }
  await recordSearchAlertSent(header.userId, week, now.toISOString());
  return 'sent';
}

/**
 * One page of founders with saved searches: each gets this week's alert unless it is off, was sent,
 * or nothing is new. Returns the next page's cursor (null after the last) and each outcome's count.
 */
export async function sendSearchAlertsPage(input: {
  cursor: string | null;
  now: Date;
  limit?: number;
}): Promise<{ cursor: string | null; outcomes: Record<AlertOutcome, number> }> {
  const page = await listAlertFounders(input.cursor, input.limit ?? ALERT_PAGE_SIZE);
  const outcomes: Record<AlertOutcome, number> = { sent: 0, off: 0, nothing: 0, already: 0, refused: 0 };
  if (page.items.length === 0) return { cursor: page.cursor, outcomes };
  const [profiles, index] = await Promise.all([
    getUserProfiles(page.items.map((header) => header.userId)),
    currentSearchIndex(),
  ]);
  for (const header of page.items) {
    const outcome = await alert(header, profiles.get(header.userId)?.email ?? null, index, input.now);
    outcomes[outcome] += 1;
  }
  return { cursor: page.cursor, outcomes };
}

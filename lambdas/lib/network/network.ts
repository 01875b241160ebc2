import type {
  ConnectionLine,
  ConnectionsSummary,
  UploadConnectionsBody,
  WarmPathView,
} from '../../../shared/api/network';
import type { CartInvestor } from '../../../shared/cart/cart';
import type { ProfileSheet } from '../../../shared/investors/profile-facts';
import { type Connection, MAX_CONNECTIONS, readConnectionRow } from '../../../shared/network/connections';
import { KeptNetworkIndexes, networkStamp } from '../../../shared/network/kept-index';
import { indexConnections, type NetworkIndex, warmPathText, warmPeople } from '../../../shared/network/match';
import { currentSearchIndex } from '../directory/search-index';
import { getImportedInvestors, getSearchableInvestors } from '../table/repositories/investors';
import {
  addConnectionsPart,
  deleteNetwork,
  getNetwork,
  getNetworkHeader,
} from '../table/repositories/network';
import { getProfileSheets, profileSheetOf } from '../table/repositories/profile-facts';

/**
 * A founder's connections and the warm paths they give (issue 52; docs/decisions.md, "Warm paths").
 * Everything is the caller's own: their connections are read from their partition by their verified
 * id only, and a warm path answers only them. Errors know nothing of HTTP.
 */

/** The note on each row over the limit. Not in the spec. */
export const OVER_LIMIT = `Over the limit of ${MAX_CONNECTIONS.toLocaleString('en-US')} connections: not kept.`;

export async function connectionsSummary(userId: string): Promise<ConnectionsSummary> {
  const header = await getNetworkHeader(userId);
  return {
    count: header?.count ?? 0,
    max: MAX_CONNECTIONS,
    fileName: header?.fileName ?? null,
    uploadedAt: header?.count ? header.uploadedAt : null,
  };
}

/**
 * Keeps one page of a founder's connections, each row reported (kept, or skipped and why). The first
 * page of a file (`replace`) deletes what they kept before. Rows over the limit are not kept.
 */
export async function uploadConnections(userId: string, body: UploadConnectionsBody, now = new Date()) {
  if (body.replace) await deleteNetwork(userId);
  const read = body.rows.map(readConnectionRow);
  const kept: Connection[] = [];
  const lines: ConnectionLine[] = [];
  const room = MAX_CONNECTIONS - ((await getNetworkHeader(userId))?.count ?? 0);
  for (const outcome of read) {
    if (outcome.outcome === 'skipped')
      lines.push({ row: outcome.row, outcome: 'skipped', message: outcome.message });
    else if (kept.length >= room) lines.push({ row: outcome.row, outcome: 'skipped', message: OVER_LIMIT });
    else {
      kept.push(outcome.connection);
      lines.push({ row: outcome.row, outcome: 'added', message: null });
    }
  }
  if (kept.length > 0) {
    const written = await addConnectionsPart(userId, kept, {
      fileName: body.fileName ?? null,
      max: MAX_CONNECTIONS,
      now,
    });
    // Another page landed first and filled the room: none of this page is kept.
    if (!written)
      for (const line of lines)
        if (line.outcome === 'added') Object.assign(line, { outcome: 'skipped', message: OVER_LIMIT });
  }
  return { lines, summary: await connectionsSummary(userId) };
}

/** Deletes every connection of the founder at once. */
export async function deleteConnections(userId: string) {
  const deleted = await deleteNetwork(userId);
  return { deleted, summary: await connectionsSummary(userId) };
}

/** The companies an investor's profile names: their portfolio and their recent investments. */
const companiesOf = (sheet: ProfileSheet | undefined): string[] => [
  ...(sheet?.fields.portfolio?.value ?? []).map((company) => company.name),
  ...(sheet?.fields.recentInvestments?.value ?? []).map((investment) => investment.company),
];

/**
 * The profile sheets of these investors: stored, else the one their linked imported record implies
 * (as the public profile reads it: an investor imported once has no stored sheet). Only the company
 * names are taken from them.
 */
async function profileSheetsOf(ids: readonly string[]): Promise<Map<string, ProfileSheet>> {
  const stored = await getProfileSheets(ids);
  const missing = ids.filter((id) => !stored.has(id));
  if (missing.length === 0) return stored;
  const investors = [...(await getSearchableInvestors([...missing])).values()];
  const records = new Map(
    (await getImportedInvestors(investors.map((i) => i.importedInvestorId))).map((r) => [r.id, r]),
  );
  for (const investor of investors)
    stored.set(investor.id, profileSheetOf(investor, undefined, records.get(investor.importedInvestorId)));
  return stored;
}

/** This function's founders' indexed connections, kept while what they keep is unchanged. */
const keptIndexes = new KeptNetworkIndexes();

/**
 * The founder's connections, indexed for a page of investors; null when they keep none. One read of
 * their header says whether the index this function kept for them is still theirs; only when it is
 * not are the connections read (one Query) and indexed, kept under the stamp of what that Query found
 * (a page uploaded between the two reads is indexed afresh at the next call, never kept as older).
 */
export async function networkIndexOf(userId: string): Promise<NetworkIndex | null> {
  const header = await getNetworkHeader(userId);
  if (!header?.count) return null;
  const kept = keptIndexes.get(userId, networkStamp(header));
  if (kept) return kept;
  const network = await getNetwork(userId);
  if (network.connections.length === 0 || !network.header) return null;
  return keptIndexes.keep(userId, networkStamp(network.header), indexConnections(network.connections));
}

/**
 * The warm paths to these investors (their public cards) for the founder: only the investors
 * someone they know is near. Reads the founder's own partition and the investors' profile sheets
 * (public facts); nothing when they keep no connections.
 */
export async function warmPathsOf(
  userId: string,
  cards: readonly Pick<CartInvestor, 'id' | 'name' | 'firmName'>[],
  network?: NetworkIndex | null,
): Promise<Map<string, WarmPathView>> {
  const paths = new Map<string, WarmPathView>();
  if (cards.length === 0) return paths;
  const index = network === undefined ? await networkIndexOf(userId) : network;
  if (index === null) return paths;
  const sheets = await profileSheetsOf(cards.map((card) => card.id));
  for (const card of cards) {
    const people = warmPeople(index, {
      id: card.id,
      name: card.name,
      firmName: card.firmName ?? null,
      portfolio: companiesOf(sheets.get(card.id)),
    });
    const text = warmPathText(people);
    if (text !== null) paths.set(card.id, { investorId: card.id, text, people });
  }
  return paths;
}

/** The warm paths to investors named by id (a search page's, a profile's): ids the directory does not hold are left out. */
export async function warmPathsByIds(userId: string, investorIds: readonly string[]) {
  const index = await currentSearchIndex();
  const cards = [...new Set(investorIds)].flatMap((id) => {
    const ord = index.ordOf(id);
    return ord >= 0 ? [index.card(ord)] : [];
  });
  return { paths: [...(await warmPathsOf(userId, cards)).values()] };
}

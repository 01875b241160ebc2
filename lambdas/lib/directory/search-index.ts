import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { type IndexedInvestor, SearchIndex } from '../../../shared/search/engine';
import { buildIndexData, hasFacts, type IndexedFacts } from '../../../shared/search/index-data';
import {
  decodeSnapshot,
  decodeStoredSnapshot,
  encodeSnapshot,
  encodeStoredSnapshot,
  SEARCH_INDEX_CHANGES_PREFIX,
  SEARCH_INDEX_KEY,
  SEARCH_INDEX_RECOUNT_PREFIX,
} from '../../../shared/search/snapshot';
import type { Vocabulary } from '../../../shared/search/vocabulary';
import { taxonomyVocabulary } from '../../../shared/taxonomy/vocabulary';
import { s3 } from '../clients/s3';
import { searchIndexConfig } from '../config';
import { logger } from '../observability/logger';
import { toCard } from '../table/repositories/investors';
import { loadTaxonomy } from '../table/repositories/taxonomy';

/**
 * The search snapshot (docs/data-model.md, "Search index"): a derived copy of the searchable
 * investors' public cards that the directory function queries in memory. The table stays the source
 * of truth. Every write of searchable investors (a mapping batch, a curation edit) first records its
 * cards as one change object; aggregation folds the change objects into the snapshot (no Scan); the
 * recount rebuilds it whole from its Scan of the table, and folds in the changes recorded while it ran.
 * Change objects and a recount's parts are gzip JSON rows; the snapshot is the binary index
 * (shared/search/binary.ts), built here once so that a cold directory function only reads it.
 */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Changes written this long before a fold are taken as folded: the next fold reads again the ones
 * after it (folding is idempotent), so a change whose upload was slow, or one a concurrent fold
 * missed, is folded by the next one instead of skipped.
 */
export const REFOLD_WINDOW_MS = 5 * 60_000;

/**
 * A searchable investor as the index takes it: its card, whose `thesisLine` (the investor's own
 * thesis, issue 33) the index stores and searches as thesis words, and what the shortlist ranks on
 * beyond the card (issue 35).
 */
export function indexed(investor: SearchableInvestor): IndexedInvestor {
  const facts: IndexedFacts = {
    leadOrFollow: investor.leadOrFollow ?? null,
    typicalCheque: investor.typicalCheque ?? null,
    investsIn: investor.investsIn ?? [],
    addedAt: investor.addedAt ?? null,
    deals: investor.deals ?? [],
    vintage: investor.vintage ?? null,
  };
  return {
    card: toCard(investor),
    updatedAt: investor.updatedAt,
    ...(hasFacts(facts) ? { facts } : {}),
  };
}

const bucket = () => searchIndexConfig().SEARCH_INDEX_BUCKET;

async function put(key: string, investors: Iterable<IndexedInvestor>, now: Date, foldedThrough: string) {
  const snapshot = encodeSnapshot(investors, now, foldedThrough);
  const body = await gzipAsync(JSON.stringify(snapshot));
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: 'application/gzip' }),
  );
  return { investors: snapshot.rows.length, bytes: body.length };
}

/**
 * The words the search box understands beyond the data's own spellings (shared/search/vocabulary.ts).
 * The taxonomy (issue 33) plugs in here: its sectors, stages and places with their synonyms, and its
 * regions, as vocabulary terms.
 */
export async function searchVocabulary(): Promise<Vocabulary> {
  return taxonomyVocabulary(await loadTaxonomy());
}

/** Writes the snapshot: the binary index of the investors, gzipped. */
async function putSnapshot(investors: Iterable<IndexedInvestor>, now: Date, foldedThrough: string) {
  const data = buildIndexData(investors, {
    builtAt: now,
    foldedThrough,
    vocabulary: await searchVocabulary(),
  });
  const body = await gzipAsync(encodeStoredSnapshot(data));
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: SEARCH_INDEX_KEY,
      Body: body,
      ContentType: 'application/gzip',
    }),
  );
  return { investors: data.size, bytes: body.length };
}

/** The stored snapshot's index, or a 304 (thrown) when its ETag is still `etag`. */
async function readSnapshot(etag?: string | null) {
  const { client, sdk } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({
      Bucket: bucket(),
      Key: SEARCH_INDEX_KEY,
      ...(etag ? { IfNoneMatch: etag } : {}),
    }),
  );
  const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
  return {
    data: decodeStoredSnapshot(await gunzipAsync(body)),
    etag: result.ETag ?? null,
    bytes: body.length,
  };
}

async function read(key: string, etag?: string | null) {
  const { client, sdk } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({ Bucket: bucket(), Key: key, ...(etag ? { IfNoneMatch: etag } : {}) }),
  );
  const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
  return {
    ...decodeSnapshot(JSON.parse((await gunzipAsync(body)).toString('utf8'))),
    etag: result.ETag ?? null,
    bytes: body.length,
  };
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => (error as Error).name === 'NoSuchKey' || statusOf(error) === 404;

/**
 * Records the cards of searchable investors about to be written (call it before the table write:
 * a failed write is retried and records again; a change that never reaches the table is undone by
 * the next recount). One object per batch, never one per investor.
 */
export async function recordSearchChanges(
  investors: readonly SearchableInvestor[],
  now: Date = new Date(),
): Promise<void> {
  if (investors.length === 0) return;
  // The key carries the time of recording (tests pass an earlier one for a slow upload): folds read keys by time.
  const key = `${SEARCH_INDEX_CHANGES_PREFIX}${now.toISOString()}-${randomUUID()}.json.gz`;
  await put(key, investors.map(indexed), now, '');
}

/** Keeps the newer card of one investor: later `updatedAt`, or on a tie the one folded last. */
function fold(into: Map<string, IndexedInvestor>, investors: readonly IndexedInvestor[]): void {
  for (const investor of investors) {
    const held = into.get(investor.card.id);
    if (!held || held.updatedAt <= investor.updatedAt) into.set(investor.card.id, investor);
  }
}

/** The cards without the tombstones of investors that left the directory. */
function withoutRemoved(cards: Map<string, IndexedInvestor>): IndexedInvestor[] {
  return [...cards.values()].filter((investor) => investor.removed !== true);
}

/**
 * Records that searchable investors left the directory (a withdrawn profile, issue 21): a tombstone
 * per investor, folded like a change, so combined search drops them at the next aggregation.
 */
export async function recordSearchRemovals(
  investors: readonly SearchableInvestor[],
  now: Date = new Date(),
): Promise<void> {
  if (investors.length === 0) return;
  const key = `${SEARCH_INDEX_CHANGES_PREFIX}${now.toISOString()}-${randomUUID()}.json.gz`;
  await put(
    key,
    investors.map((investor) => ({ ...indexed(investor), removed: true })),
    now,
    '',
  );
}

const changeKeyAt = (time: number) => `${SEARCH_INDEX_CHANGES_PREFIX}${new Date(time).toISOString()}`;

/** The keys of the change objects that sort after `startAfter` (all of them for ''), oldest first. */
async function changeKeysAfter(startAfter: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const { client, sdk } = await s3();
    const page = await client.send(
      new sdk.ListObjectsV2Command({
        Bucket: bucket(),
        Prefix: SEARCH_INDEX_CHANGES_PREFIX,
        ...(startAfter ? { StartAfter: startAfter } : {}),
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * Folds into `cards` every change object whose key sorts after `startAfter` (all of them for ''),
 * oldest first (keys are ordered by time); returns the keys it read.
 */
async function foldChangesAfter(cards: Map<string, IndexedInvestor>, startAfter: string): Promise<string[]> {
  const keys = await changeKeysAfter(startAfter);
  for (const key of keys) fold(cards, (await read(key)).investors);
  return keys;
}

/**
 * How many times a fold folds again when changes were recorded while it ran: enough for a burst of
 * concurrent folds; past it, the fold that a later change starts picks them up.
 */
export const FOLD_PASSES = 3;

/**
 * Aggregation's part: the snapshot with every change recorded since its last fold, written back.
 * Reads the snapshot and the new change objects only, whatever the size of the table.
 *
 * Folds run at once (each listing change starts an aggregation) and the last to write wins, so a
 * slower fold could write over a snapshot that a later one wrote with a change the slower one had
 * not seen. After writing, a fold lists the changes again: one it did not fold (recorded while it
 * ran) makes it fold again, from the snapshot it just wrote. The last fold to write has then seen
 * every change recorded before it finished; a later change starts a fold of its own.
 * `options.beforeWrite` runs between the fold and its write (tests put a concurrent fold there).
 */
export async function foldSearchChanges(
  now: Date = new Date(),
  options: { beforeWrite?: () => Promise<void> } = {},
): Promise<{ investors: number; changes: number; passes: number }> {
  let changes = 0;
  for (let pass = 1; ; pass++) {
    let base: { investors: Iterable<IndexedInvestor>; foldedThrough: string };
    try {
      const { data } = await readSnapshot();
      base = { investors: new SearchIndex(data).investors(), foldedThrough: data.foldedThrough };
    } catch (error) {
      if (!isMissing(error)) throw error;
      base = { investors: [], foldedThrough: '' };
    }
    const cards = new Map<string, IndexedInvestor>();
    for (const investor of base.investors) cards.set(investor.card.id, investor);
    const folded = new Set(await foldChangesAfter(cards, base.foldedThrough));
    changes += folded.size;
    if (pass === 1) await options.beforeWrite?.();
    const written = await putSnapshot(
      withoutRemoved(cards),
      now,
      changeKeyAt(now.getTime() - REFOLD_WINDOW_MS),
    );
    const unseen = (await changeKeysAfter(base.foldedThrough)).filter((key) => !folded.has(key));
    logger.info('folded the search changes', {
      investors: written.investors,
      changes: folded.size,
      bytes: written.bytes,
      pass,
      recordedMeanwhile: unseen.length,
    });
    if (unseen.length === 0 || pass >= FOLD_PASSES)
      return { investors: written.investors, changes, passes: pass };
  }
}

// ---------------------------------------------------------------- a recount in progress

const recountKey = (runId: string, name: string) => `${SEARCH_INDEX_RECOUNT_PREFIX}${runId}/${name}`;

/** Saves a recount's state (its tallies and where its Scan is): the next step resumes from it. */
export async function putRecountState(runId: string, state: unknown): Promise<void> {
  const body = await gzipAsync(JSON.stringify(state));
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: recountKey(runId, 'state.json.gz'), Body: body }),
  );
}

/** A recount's saved state, or null before its first step. */
export async function getRecountState<T>(runId: string): Promise<T | null> {
  try {
    const { client, sdk } = await s3();
    const result = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket(), Key: recountKey(runId, 'state.json.gz') }),
    );
    const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
    return JSON.parse((await gunzipAsync(body)).toString('utf8')) as T;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The cards one step of a recount read (part `n`; a retried step writes the same part again). */
export async function putRecountPart(runId: string, part: number, investors: readonly SearchableInvestor[]) {
  await put(recountKey(runId, `part-${part}.json.gz`), investors.map(indexed), new Date(), '');
}

/** Every card a recount read, from its parts. */
export async function readRecountParts(runId: string, parts: number): Promise<IndexedInvestor[]> {
  const cards: IndexedInvestor[] = [];
  for (let part = 0; part < parts; part++)
    cards.push(...(await read(recountKey(runId, `part-${part}.json.gz`))).investors);
  return cards;
}

/**
 * The snapshot rebuilt from the cards a recount read, its Scan started at `scanStartedAt`, with the
 * changes recorded since the Scan started folded in before it is written: a withdrawal (its
 * tombstone) or an edit recorded while the Scan ran, after it had read that investor, is not undone
 * by the snapshot. Changes recorded before the Scan started are not folded (the table the Scan read
 * is the truth: a change recorded for a write that then failed is dropped); the next aggregation
 * folds again from the refold window before the Scan started, as after any fold.
 *
 * As a fold does, it lists the changes after the Scan's start again once it has written, and writes
 * again with the ones recorded while it was writing (up to {@link FOLD_PASSES} times).
 * `options.beforeWrite` runs between the first fold and its write (tests record a change there).
 */
export async function writeRecountSnapshot(
  cards: readonly IndexedInvestor[],
  scanStartedAt: Date,
  now: Date = new Date(),
  options: { beforeWrite?: () => Promise<void> } = {},
): Promise<{ investors: number; bytes: number; changes: number; passes: number }> {
  const rebuilt = new Map<string, IndexedInvestor>();
  fold(rebuilt, cards);
  const after = changeKeyAt(scanStartedAt.getTime());
  const folded = new Set<string>();
  for (const key of await foldChangesAfter(rebuilt, after)) folded.add(key);
  await options.beforeWrite?.();
  for (let pass = 1; ; pass++) {
    const written = await putSnapshot(
      withoutRemoved(rebuilt),
      now,
      changeKeyAt(scanStartedAt.getTime() - REFOLD_WINDOW_MS),
    );
    const unseen = (await changeKeysAfter(after)).filter((key) => !folded.has(key));
    if (unseen.length === 0 || pass >= FOLD_PASSES) return { ...written, changes: folded.size, passes: pass };
    logger.info('changes recorded while the recount wrote: writing again', {
      recordedMeanwhile: unseen.length,
    });
    for (const key of unseen) {
      fold(rebuilt, (await read(key)).investors);
      folded.add(key);
    }
  }
}

/** Deletes a finished recount's folder. */
export async function deleteRecountRun(runId: string, parts: number): Promise<void> {
  const keys = [
    recountKey(runId, 'state.json.gz'),
    ...Array.from({ length: parts }, (_, n) => recountKey(runId, `part-${n}.json.gz`)),
  ];
  // One by one: a part per step, a few dozen at most (DeleteObjects needs a checksum s3rver refuses).
  const { client, sdk } = await s3();
  for (const Key of keys) await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key }));
}

interface Held {
  index: SearchIndex;
  etag: string | null;
  checkedAt: number;
}

let held: Held | null = null;
let refreshing: Promise<Held> | null = null;

/** The index from S3, or the one held when the stored snapshot has not changed (a conditional GET). */
async function refresh(previous: Held | null, checkedAt: number): Promise<Held> {
  try {
    const started = performance.now();
    const { data, etag, bytes } = await readSnapshot(previous?.etag);
    const index = new SearchIndex(data);
    logger.info('loaded the search snapshot', {
      investors: index.size,
      builtAt: data.builtAt,
      bytes,
      ms: Math.round(performance.now() - started),
    });
    return { index, etag, checkedAt };
  } catch (error) {
    if (previous && statusOf(error) === 304) return { ...previous, checkedAt };
    // Before the first aggregation there is no snapshot: the directory is empty.
    if (isMissing(error)) return { index: SearchIndex.build([]), etag: null, checkedAt };
    throw error;
  }
}

/**
 * The search index this function holds, checked against S3 at most once per
 * SEARCH_INDEX_MAX_AGE_SECONDS (30 s on AWS): a write reaches combined search when the aggregation
 * after it has folded it, and at most that long later. Concurrent callers share one load.
 */
export async function currentSearchIndex(now: number = Date.now()): Promise<SearchIndex> {
  const maxAgeMs = searchIndexConfig().SEARCH_INDEX_MAX_AGE_SECONDS * 1000;
  if (held && now - held.checkedAt < maxAgeMs) return held.index;
  if (!refreshing) {
    refreshing = refresh(held, now).then(
      (next) => {
        held = next;
        refreshing = null;
        return next;
      },
      (error: unknown) => {
        refreshing = null;
        throw error;
      },
    );
  }
  return (await refreshing).index;
}

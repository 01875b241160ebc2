import type { SearchableInvestor } from '../../../../shared/investors/types';
import {
  heldOldIdModel,
  movedInvestorModel,
  projectKey,
  projectOfPartition,
  searchableInvestorModel,
  shortlistOwnerOf,
  userOfPartition,
} from '../models';
import { deleteItem, getItem, isConditionFailure, putItem, scanTablePage } from '../table';
import { getMoves, recordHeldOldId } from './investor-identities';

/**
 * The reference pass of the migration of investor ids (issue 48), on the table itself: a page of a
 * Scan of every item, each reference to a moved id (in its keys, index keys and attributes, lists
 * and sets included) rewritten to the new id. An item whose key held the id is written under its new
 * key and the old one deleted; an item whose key did not is written again in place, conditioned on
 * its `version` when it has one (a founder's concurrent change is read again, never lost). Each
 * founder whose own data held an old id is recorded as its holder.
 */

/** A public investor id (old or new): `inv_` and 24 hex digits. */
const INVESTOR_ID = /inv_[0-9a-f]{24}/g;

/** The items the pass never rewrites: the moves themselves and the old ids founders held. */
const KEPT = new Set([movedInvestorModel.entity, heldOldIdModel.entity]);

export interface KindCounts {
  scanned: number;
  moved: number;
}

function idsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') for (const match of value.matchAll(INVESTOR_ID)) into.add(match[0]);
  else if (Array.isArray(value) || value instanceof Set) for (const v of value) idsIn(v, into);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    for (const [k, v] of Object.entries(value)) {
      idsIn(k, into);
      idsIn(v, into);
    }
}

function rewrite(value: unknown, moves: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return value.replace(INVESTOR_ID, (id) => moves.get(id) ?? id);
  if (Array.isArray(value)) return value.map((v) => rewrite(v, moves));
  if (value instanceof Set) return new Set([...value].map((v) => rewrite(v, moves)));
  if (value && typeof value === 'object' && !(value instanceof Uint8Array))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [rewrite(k, moves) as string, rewrite(v, moves)]),
    );
  return value;
}

/** The founder whose own data an item is, if it is one's: by its partition, or its creator or reporter. */
async function founderOf(item: Record<string, unknown>, projects: Map<string, string | null>) {
  const pk = String(item.pk);
  const owner = userOfPartition(pk) ?? shortlistOwnerOf(pk);
  if (owner) return owner;
  for (const attribute of ['creatorUserId', 'reporterUserId'])
    if (typeof item[attribute] === 'string') return item[attribute] as string;
  const projectId = projectOfPartition(pk);
  if (projectId === null) return null;
  if (!projects.has(projectId)) {
    const project = await getItem(projectKey(projectId), true);
    projects.set(projectId, typeof project?.creatorUserId === 'string' ? project.creatorUserId : null);
  }
  return projects.get(projectId) ?? null;
}

/** Rewrites one item (read again and retried when a concurrent write changed it); true if it moved. */
async function moveItem(
  first: Record<string, unknown>,
  moves: ReadonlyMap<string, string>,
  at: string,
  projects: Map<string, string | null>,
): Promise<boolean> {
  let item: Record<string, unknown> | undefined = first;
  for (let attempt = 0; item && attempt < 5; attempt++) {
    const held = new Set<string>();
    idsIn(item, held);
    const moved = [...held].filter((id) => moves.has(id));
    if (moved.length === 0) return false;
    const after = rewrite(item, moves) as Record<string, unknown>;
    const keyMoved = after.pk !== item.pk || after.sk !== item.sk;
    // The holder first: a founder never loses the way to an id their data no longer holds.
    const founder = await founderOf(item, projects);
    if (founder)
      for (const oldId of moved)
        await recordHeldOldId({ userId: founder, oldId, newId: moves.get(oldId) ?? oldId, at });
    try {
      if (keyMoved) {
        // Written by an earlier run that stopped before deleting the old item: kept as it is now.
        await putItem(after, 'attribute_not_exists(pk)').catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
        await deleteItem(String(item.pk), String(item.sk));
      } else
        await putItem(
          after,
          typeof item.version === 'number'
            ? { expression: 'version = :version', values: { ':version': item.version } }
            : 'attribute_exists(pk)',
        );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      item = await getItem(String(item.pk), String(item.sk), true);
    }
  }
  if (item) throw new Error(`${String(first.pk)} / ${String(first.sk)} kept changing while it was moved`);
  return false;
}

/**
 * One page of the reference pass: the items scanned and moved by kind (their `entity`), and where
 * the Scan goes on (null when done).
 */
export async function moveReferencesPage(
  cursor: string | null,
  limit: number,
  at: string,
  options: {
    /** Before any write, the searchable investors of the page that move: as they were and will be. */
    beforeMoving?: (moving: { before: SearchableInvestor; after: SearchableInvestor }[]) => Promise<void>;
  } = {},
): Promise<{ cursor: string | null; counts: Record<string, KindCounts> }> {
  const page = await scanTablePage(cursor, limit);
  const counts: Record<string, KindCounts> = {};
  const candidates = new Set<string>();
  const items = page.items.filter((item) => !KEPT.has(String(item.entity)));
  for (const item of items) idsIn(item, candidates);
  const moves = new Map(
    [...(await getMoves([...candidates])).values()].map((move) => [move.oldId, move.newId]),
  );
  const investors = items
    .filter((item) => item.entity === searchableInvestorModel.entity && moves.has(String(item.id)))
    .map((item) => searchableInvestorModel.fromItem(item));
  if (investors.length > 0)
    await options.beforeMoving?.(
      investors.map((before) => ({
        before,
        after: searchableInvestorModel.fromItem(
          rewrite(searchableInvestorModel.toItem(before), moves) as Record<string, unknown>,
        ),
      })),
    );
  const projects = new Map<string, string | null>();
  for (const item of page.items) {
    const kind = typeof item.entity === 'string' ? item.entity : 'other';
    const count = counts[kind] ?? { scanned: 0, moved: 0 };
    counts[kind] = count;
    count.scanned++;
    if (moves.size > 0 && !KEPT.has(kind) && (await moveItem(item, moves, at, projects))) count.moved++;
  }
  return { cursor: page.cursor, counts };
}

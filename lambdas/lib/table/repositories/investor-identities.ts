import { createHash, randomBytes } from 'node:crypto';
import { batchGet } from '../batch';
import {
  type HeldOldId,
  heldOldIdKey,
  heldOldIdModel,
  investorIdentityKey,
  investorIdentityModel,
  type MovedInvestor,
  movedInvestorKey,
  movedInvestorModel,
} from '../models';
import { conditionalWrite, getItem, putItem } from '../table';

/**
 * Investors' identities (issue 48): the random public id an identity key maps to, the old ids the
 * migration moved, and the old ids each founder held. docs/decisions.md, "Opaque investor ids".
 */

/** A new public investor id: random, so it says nothing of the investor's email or name. */
export const newSearchableId = (): string => `inv_${randomBytes(12).toString('hex')}`;

/** The key fragment of an identity key: its SHA-256 (fixed size whatever the email). */
export const identityHashOf = (identityKey: string): string =>
  createHash('sha256').update(identityKey).digest('hex');

/** The searchable ids these identity keys map to (BatchGet); keys without an identity are absent. */
export async function findIdentityIds(
  identityKeys: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, string>> {
  const unique = [...new Set(identityKeys)];
  if (unique.length === 0) return new Map();
  const byHash = new Map(unique.map((key) => [identityHashOf(key), key]));
  const items = await batchGet(
    [...byHash.keys()].map((hash) => investorIdentityKey(hash)),
    options,
  );
  const found = new Map<string, string>();
  for (const item of items) {
    const identity = investorIdentityModel.fromItem(item);
    const key = byHash.get(identity.identityHash);
    if (key !== undefined) found.set(key, identity.searchableId);
  }
  return found;
}

/**
 * Gives an identity key the id `searchableId` unless it has one (conditional put,
 * `attribute_not_exists(pk)`, or `searchableId = :replacing` when `replacing` is given): returns the
 * id that stands, ours or the one a concurrent writer put first (read back).
 */
export async function claimIdentity(
  identityKey: string,
  searchableId: string,
  at: string,
  replacing: string | null = null,
): Promise<string> {
  const identityHash = identityHashOf(identityKey);
  const written = await conditionalWrite(
    putItem(
      investorIdentityModel.toItem({ identityHash, searchableId, createdAt: at }),
      replacing === null
        ? 'attribute_not_exists(pk)'
        : {
            expression: 'attribute_not_exists(pk) OR searchableId = :replacing',
            values: { ':replacing': replacing },
          },
    ),
  );
  if (written) return searchableId;
  const item = await getItem(investorIdentityKey(identityHash), true);
  if (!item) throw new Error('An identity refused the write yet is not there');
  return investorIdentityModel.fromItem(item).searchableId;
}

/** The moves of these old ids that the migration recorded (BatchGet). */
export async function getMoves(oldIds: readonly string[]): Promise<Map<string, MovedInvestor>> {
  const unique = [...new Set(oldIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(
    unique.map((id) => movedInvestorKey(id)),
    { consistent: true },
  );
  return new Map(items.map((item) => movedInvestorModel.fromItem(item)).map((move) => [move.oldId, move]));
}

/**
 * Records that `oldId` moves to a new random id, unless a move of it is recorded (a re-run, or a
 * concurrent step): returns the move that stands.
 */
export async function recordMove(
  oldId: string,
  at: string,
): Promise<{ move: MovedInvestor; created: boolean }> {
  const move = { oldId, newId: newSearchableId(), movedAt: at };
  if (await conditionalWrite(putItem(movedInvestorModel.toItem(move), 'attribute_not_exists(pk)')))
    return { move, created: true };
  const item = await getItem(movedInvestorKey(oldId), true);
  if (!item) throw new Error('A move refused the write yet is not there');
  return { move: movedInvestorModel.fromItem(item), created: false };
}

/** Records that a founder's own data held `oldId` (idempotent: the same item each time). */
export async function recordHeldOldId(held: HeldOldId): Promise<void> {
  await putItem(heldOldIdModel.toItem(held));
}

/** The old id a founder held, if they held it. */
export async function getHeldOldId(userId: string, oldId: string): Promise<HeldOldId | null> {
  const item = await getItem(heldOldIdKey(userId, oldId), true);
  return item ? heldOldIdModel.fromItem(item) : null;
}

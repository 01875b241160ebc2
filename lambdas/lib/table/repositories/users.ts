import { type LibraryPurchase, mergePurchase } from '../../../../shared/library/purchases';
import { batchGet } from '../batch';
import {
  buyersOf,
  investorIdOfContactKey,
  type PurchasedContact,
  purchasedContactKey,
  purchasedContactModel,
  purchasedContactsOf,
  type UserProfile,
  userProfileKey,
  userProfileModel,
} from '../models';
import { conditionalWrite, getItem, putItem, queryAll, queryCount, updateItem } from '../table';
import { enrolForUpdateSummaries } from './update-summaries';

/** The user's record and profile (created on first use). */
export async function getUserProfile(userId: string): Promise<UserProfile | null> {
  const item = await getItem(userProfileKey(userId), true);
  return item ? userProfileModel.fromItem(item) : null;
}

/**
 * Creates the user and profile if missing and returns what is stored. Idempotent: concurrent first
 * calls create one record and all return it.
 */
export async function ensureUserProfile(input: {
  userId: string;
  email: string;
  name?: string | null;
  now: string;
}) {
  const profile: UserProfile = {
    userId: input.userId,
    email: input.email,
    name: input.name ?? null,
    verifiedEmail: true,
    type: null,
    projects: [],
    createdAt: input.now,
    updateEmails: true,
    pipelineReminders: true,
    shareResponseTimes: false,
  };
  if (await conditionalWrite(putItem(userProfileModel.toItem(profile), 'attribute_not_exists(pk)')))
    return profile;
  const existing = await getUserProfile(input.userId);
  if (!existing) throw new Error(`The profile of ${input.userId} was neither written nor found`);
  return existing;
}

/**
 * Turns the weekly summary of updates on or off; the profile must exist (`ensureUserProfile` first).
 * Returns the profile as stored.
 */
export async function setUpdateEmails(userId: string, enabled: boolean): Promise<UserProfile> {
  const attributes = await updateItem({
    Key: userProfileKey(userId),
    UpdateExpression: 'SET updateEmails = :enabled',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':enabled': enabled },
    ReturnValues: 'ALL_NEW',
  });
  return userProfileModel.fromItem(attributes ?? {});
}

/** Turns the daily next-step reminders of the pipeline on or off; the profile must exist. */
export async function setPipelineReminders(userId: string, enabled: boolean): Promise<UserProfile> {
  const attributes = await updateItem({
    Key: userProfileKey(userId),
    UpdateExpression: 'SET pipelineReminders = :enabled',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':enabled': enabled },
    ReturnValues: 'ALL_NEW',
  });
  return userProfileModel.fromItem(attributes ?? {});
}

/**
 * Turns the sharing of the founder's pipeline dates in investors' response times on or off (issue
 * 52); the profile must exist. The next daily aggregation counts (or no longer counts) them.
 */
export async function setShareResponseTimes(userId: string, enabled: boolean): Promise<UserProfile> {
  const attributes = await updateItem({
    Key: userProfileKey(userId),
    UpdateExpression: 'SET shareResponseTimes = :enabled',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':enabled': enabled },
    ReturnValues: 'ALL_NEW',
  });
  return userProfileModel.fromItem(attributes ?? {});
}

/** Many users' records at once (the admin carts page shows each creator's email). */
export async function getUserProfiles(userIds: string[]): Promise<Map<string, UserProfile>> {
  const items = await batchGet(userIds.map((id) => userProfileKey(id)));
  const profiles = items.map((item) => userProfileModel.fromItem(item));
  return new Map(profiles.map((p) => [p.userId, p]));
}

/** A library item as stored: `cartIds` is a string set, read back as a sorted list. */
const contactFromItem = (item: Record<string, unknown>): PurchasedContact =>
  purchasedContactModel.fromItem({
    ...item,
    cartIds: item.cartIds instanceof Set ? [...item.cartIds].sort() : (item.cartIds ?? [item.cartId]),
  });

/** The user's contact library, alphabetical by name (the sort key orders by investor id). */
export async function listPurchasedContacts(userId: string): Promise<PurchasedContact[]> {
  const items = await queryAll({
    ...purchasedContactsOf(userId),
  });
  return items.map(contactFromItem).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The ids of every investor in the user's library: the same Query, only the sort keys read back
 * (about 40 bytes an investor, so even a library as large as the directory fits one answer).
 */
export async function listBoughtInvestorIds(userId: string): Promise<string[]> {
  const items = await queryAll({
    ...purchasedContactsOf(userId),
    ProjectionExpression: 'sk',
  });
  return items.map((item) => investorIdOfContactKey(String(item.sk)));
}

/** The library item of one investor, or null. */
export async function getPurchasedContact(
  userId: string,
  searchableInvestorId: string,
): Promise<PurchasedContact | null> {
  const item = await getItem(purchasedContactKey(userId, searchableInvestorId), true);
  return item ? contactFromItem(item) : null;
}

const LIBRARY_WRITES_IN_FLIGHT = 16;
const LIBRARY_WRITE_ATTEMPTS = 5;

/** A library row as it is written: `cartIds` as a string set (adding a cart never drops one). */
const contactItem = (row: PurchasedContact) => ({
  ...purchasedContactModel.toItem(row),
  cartIds: new Set(row.cartIds),
});

/**
 * Writes one purchase into its library row by the rule of {@link mergePurchase}, conditional on the
 * row's version as read (two deliveries of the same investor at once: the loser reads again and
 * merges again). Returns whether the row changed (false: the purchase was already in it).
 */
async function addPurchaseToRow(purchase: LibraryPurchase, read: PurchasedContact | null): Promise<boolean> {
  let row = read;
  for (let attempt = 1; ; attempt++) {
    const merged = mergePurchase(row, purchase);
    if (!merged) return false;
    const version = row?.version ?? 0;
    const written = await conditionalWrite(
      putItem(contactItem({ ...merged, version: version + 1 } as PurchasedContact), {
        expression: !row
          ? 'attribute_not_exists(pk)'
          : version === 0
            ? 'attribute_not_exists(version) OR version = :version'
            : 'version = :version',
        ...(row ? { values: { ':version': version } } : {}),
      }),
    );
    if (written) return true;
    if (attempt >= LIBRARY_WRITE_ATTEMPTS)
      throw new Error(
        `The library row of ${purchase.userId} for ${purchase.searchableInvestorId} kept changing while it was being written`,
      );
    row = await getPurchasedContact(purchase.userId, purchase.searchableInvestorId);
  }
}

/**
 * Adds bought contacts to their owners' libraries (docs/decisions.md, "Deliveries happen once"): each
 * row read (BatchGet), merged with the purchase and written back conditionally. A purchase already in
 * its row (a re-run of a delivery) changes nothing. A contact listed twice in one call is written once
 * (the last one). Each owner is enrolled for the weekly summary of updates (once). Returns how many
 * rows changed.
 */
export async function addPurchasesToLibrary(purchases: readonly LibraryPurchase[]): Promise<number> {
  const byKey = [
    ...new Map(purchases.map((p) => [`${p.userId}\u0000${p.searchableInvestorId}`, p])).values(),
  ];
  const rows = new Map(
    (
      await batchGet(
        byKey.map((p) => purchasedContactKey(p.userId, p.searchableInvestorId)),
        { consistent: true },
      )
    )
      .map(contactFromItem)
      .map((row) => [`${row.userId}\u0000${row.searchableInvestorId}`, row]),
  );
  let changed = 0;
  for (let i = 0; i < byKey.length; i += LIBRARY_WRITES_IN_FLIGHT) {
    const written = await Promise.all(
      byKey
        .slice(i, i + LIBRARY_WRITES_IN_FLIGHT)
        .map((p) => addPurchaseToRow(p, rows.get(`${p.userId}\u0000${p.searchableInvestorId}`) ?? null)),
    );
    changed += written.filter(Boolean).length;
  }
  // Whatever adds to a library (a purchase, a credit), its owner gets the weekly summary of updates.
  for (const userId of new Set(byKey.map((p) => p.userId))) {
    const first = byKey
      .filter((p) => p.userId === userId)
      .map((p) => p.purchasedAt)
      .sort()[0];
    if (first) await enrolForUpdateSummaries([userId], first);
  }
  return changed;
}

/** How many founders have this investor in their library (the buyers index, `gsi1`). */
export async function countBuyers(searchableInvestorId: string): Promise<number> {
  return queryCount(buyersOf(searchableInvestorId));
}

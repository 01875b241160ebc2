import { batchGet, batchWrite, putRequest } from '../batch';
import { type PurchasedContact, purchasedContactModel, type UserProfile, userProfileModel } from '../models';
import { getItem, isConditionFailure, putItem, queryAll } from '../table';

/** The user's record and profile (created on first use). */
export async function getUserProfile(userId: string): Promise<UserProfile | null> {
  const item = await getItem(`USER#${userId}`, 'PROFILE', true);
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
  };
  try {
    await putItem(userProfileModel.toItem(profile), 'attribute_not_exists(pk)');
    return profile;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getUserProfile(input.userId);
    if (!existing) throw error;
    return existing;
  }
}

/** Many users' records at once (the admin carts page shows each creator's email). */
export async function getUserProfiles(userIds: string[]): Promise<Map<string, UserProfile>> {
  const items = await batchGet(userIds.map((id) => ({ pk: `USER#${id}`, sk: 'PROFILE' })));
  const profiles = items.map((item) => userProfileModel.fromItem(item));
  return new Map(profiles.map((p) => [p.userId, p]));
}

/** The user's contact library, alphabetical by name (the sort key orders by investor id). */
export async function listPurchasedContacts(userId: string): Promise<PurchasedContact[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONTACT#' },
  });
  return items
    .map((item) => purchasedContactModel.fromItem(item))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Adds bought contacts to the library. Keyed by investor, so adding twice changes nothing. A contact
 * listed twice in one call is written once (the last one): a batch refuses duplicate keys.
 */
export async function addPurchasedContacts(contacts: PurchasedContact[]): Promise<void> {
  const byKey = new Map(contacts.map((c) => [`${c.userId}\u0000${c.searchableInvestorId}`, c]));
  await batchWrite([...byKey.values()].map((c) => putRequest(purchasedContactModel.toItem(c))));
}

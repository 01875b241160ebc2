import { batchGet } from '../batch';
import { type PurchasedContact, purchasedContactModel, type UserProfile, userProfileModel } from '../models';
import { getItem, isConditionFailure, putItem, queryAll, updateItem } from '../table';
import { enrolForUpdateSummaries } from './update-summaries';

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
    updateEmails: true,
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

/**
 * Turns the weekly summary of updates on or off; the profile must exist (`ensureUserProfile` first).
 * Returns the profile as stored.
 */
export async function setUpdateEmails(userId: string, enabled: boolean): Promise<UserProfile> {
  const attributes = await updateItem({
    Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
    UpdateExpression: 'SET updateEmails = :enabled',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':enabled': enabled },
    ReturnValues: 'ALL_NEW',
  });
  return userProfileModel.fromItem(attributes ?? {});
}

/** Many users' records at once (the admin carts page shows each creator's email). */
export async function getUserProfiles(userIds: string[]): Promise<Map<string, UserProfile>> {
  const items = await batchGet(userIds.map((id) => ({ pk: `USER#${id}`, sk: 'PROFILE' })));
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
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONTACT#' },
  });
  return items.map(contactFromItem).sort((a, b) => a.name.localeCompare(b.name));
}

/** The library item of one investor, or null. */
export async function getPurchasedContact(
  userId: string,
  searchableInvestorId: string,
): Promise<PurchasedContact | null> {
  const item = await getItem(`USER#${userId}`, `CONTACT#${searchableInvestorId}`, true);
  return item ? contactFromItem(item) : null;
}

const LIBRARY_WRITES_IN_FLIGHT = 16;

/** The fields a purchase may buy: each value, and when it became what it is. */
const LIBRARY_FIELDS = [
  'email',
  'linkedinUrl',
  'phone',
  'twitterUrl',
  'crunchbaseUrl',
  'emailChangedAt',
  'linkedinChangedAt',
  'phoneChangedAt',
  'twitterChangedAt',
  'crunchbaseChangedAt',
] as const;

/**
 * Adds bought contacts to the library, merged with what the user bought before: a field bought now
 * is written, a field not bought now keeps what an earlier purchase gave; the first cart and purchase
 * date stay; every cart is added to `cartIds` (a set, so adding twice changes nothing). A contact
 * listed twice in one call is written once (the last one). Each owner is enrolled for the weekly
 * summary of updates (once).
 */
export async function addPurchasedContacts(contacts: PurchasedContact[]): Promise<void> {
  const byKey = [...new Map(contacts.map((c) => [`${c.userId}\u0000${c.searchableInvestorId}`, c])).values()];
  const write = async (contact: PurchasedContact) => {
    const keys = purchasedContactModel.keys(contact);
    const values: Record<string, unknown> = {
      ':entity': purchasedContactModel.entity,
      ':userId': contact.userId,
      ':investor': contact.searchableInvestorId,
      ':imported': contact.importedInvestorId,
      ':name': contact.name,
      ':cart': contact.cartId,
      ':at': contact.purchasedAt,
      ':carts': new Set([contact.cartId, ...contact.cartIds]),
    };
    const sets = [
      'entity = :entity',
      'userId = :userId',
      'searchableInvestorId = :investor',
      'importedInvestorId = :imported',
      '#name = :name',
      'cartId = if_not_exists(cartId, :cart)',
      'purchasedAt = if_not_exists(purchasedAt, :at)',
    ];
    for (const field of LIBRARY_FIELDS) {
      const value = contact[field];
      if (value !== null) {
        values[`:${field}`] = value;
        sets.push(`${field} = :${field}`);
      } else {
        values[':null'] = null;
        sets.push(`${field} = if_not_exists(${field}, :null)`);
      }
    }
    await updateItem({
      Key: { pk: keys.pk, sk: keys.sk },
      UpdateExpression: `SET ${sets.join(', ')} ADD cartIds :carts`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: values,
    });
  };
  for (let i = 0; i < byKey.length; i += LIBRARY_WRITES_IN_FLIGHT)
    await Promise.all(byKey.slice(i, i + LIBRARY_WRITES_IN_FLIGHT).map(write));
  // Whatever adds to a library (a purchase, a credit), its owner gets the weekly summary of updates.
  for (const userId of new Set(byKey.map((c) => c.userId))) {
    const first = byKey
      .filter((c) => c.userId === userId)
      .map((c) => c.purchasedAt)
      .sort()[0];
    if (first) await enrolForUpdateSummaries([userId], first);
  }
}

import {
  INVESTOR_SUBMISSIONS,
  type InvestorMember,
  type InvestorProfileItem,
  investorMemberModel,
  investorProfileModel,
} from '../models';
import { getItem, isConditionFailure, putItem, queryPage } from '../table';

/** Investor accounts (issue 21): who joined a portal, and the profile each keeps. */

/** The caller's investor membership, or null for anyone who never joined a portal. */
export async function getInvestorMember(userId: string): Promise<InvestorMember | null> {
  const item = await getItem(`USER#${userId}`, 'INVESTOR', true);
  return item ? investorMemberModel.fromItem(item) : null;
}

/** Whether the user joined a portal (the founder routes' check: one consistent GetItem). */
export async function isInvestorAccount(userId: string): Promise<boolean> {
  return (await getItem(`USER#${userId}`, 'INVESTOR', true)) !== undefined;
}

/** Records a membership unless the user has one; false when they had (the stored one stands). */
export async function createInvestorMember(member: InvestorMember): Promise<boolean> {
  try {
    await putItem(investorMemberModel.toItem(member), 'attribute_not_exists(pk)');
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getInvestorProfile(userId: string): Promise<InvestorProfileItem | null> {
  const item = await getItem(`USER#${userId}`, 'INVESTOR_PROFILE', true);
  return item ? investorProfileModel.fromItem(item) : null;
}

/**
 * Writes the profile whole, if it is still the version the caller read (`previousUpdatedAt`, null
 * for a profile not yet stored): false when another write came first, which is then not lost.
 */
export async function putInvestorProfile(
  profile: InvestorProfileItem,
  previousUpdatedAt: string | null,
): Promise<boolean> {
  try {
    await putItem(
      investorProfileModel.toItem(profile),
      previousUpdatedAt === null
        ? 'attribute_not_exists(pk)'
        : { expression: 'updatedAt = :previous', values: { ':previous': previousUpdatedAt } },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The review queue, oldest submission first (one page; the second part of issue 21 reads it). */
export async function listSubmittedInvestorProfiles(limit = 50): Promise<InvestorProfileItem[]> {
  const page = await queryPage({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': INVESTOR_SUBMISSIONS },
    Limit: limit,
  });
  return page.items.map((item) => investorProfileModel.fromItem(item));
}

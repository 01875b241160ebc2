import { checkCursorOf } from '../model';
import {
  type InvestorMember,
  type InvestorProfileItem,
  investorMemberKey,
  investorMemberModel,
  investorProfileKey,
  investorProfileModel,
  submittedInvestorProfiles,
} from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  putItem,
  queryPage,
  updateItem,
} from '../table';

/** Investor accounts (issue 21): who joined a portal, and the profile each keeps. */

/** The caller's investor membership, or null for anyone who never joined a portal. */
export async function getInvestorMember(userId: string): Promise<InvestorMember | null> {
  const item = await getItem(investorMemberKey(userId), true);
  return item ? investorMemberModel.fromItem(item) : null;
}

/** Whether the user joined a portal (the founder routes' check: one consistent GetItem). */
export async function isInvestorAccount(userId: string): Promise<boolean> {
  return (await getItem(investorMemberKey(userId), true)) !== undefined;
}

/** Records a membership unless the user has one; false when they had (the stored one stands). */
export async function createInvestorMember(member: InvestorMember): Promise<boolean> {
  return conditionalWrite(putItem(investorMemberModel.toItem(member), 'attribute_not_exists(pk)'));
}

export async function getInvestorProfile(userId: string): Promise<InvestorProfileItem | null> {
  const item = await getItem(investorProfileKey(userId), true);
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
  return conditionalWrite(
    putItem(
      investorProfileModel.toItem(profile),
      previousUpdatedAt === null
        ? 'attribute_not_exists(pk)'
        : { expression: 'updatedAt = :previous', values: { ':previous': previousUpdatedAt } },
    ),
  );
}

/** One page of the review queue, oldest submission first (submitted profiles and approvals under way). */
export async function listSubmittedInvestorProfiles(
  cursor: string | null,
  limit: number,
): Promise<Page<InvestorProfileItem>> {
  checkCursorOf(cursor, submittedInvestorProfiles(), 'The cursor does not belong to the review queue.');
  const page = await queryPage({
    ...submittedInvestorProfiles(),
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => investorProfileModel.fromItem(item)), cursor: page.cursor };
}

export type ApprovalClaim = NonNullable<InvestorProfileItem['claim']>;

/**
 * Claims a profile for one approval (a lease): status `approving` with the claim and a new version
 * (`updatedAt`, so a save the investor began before fails its check), conditional on the version the
 * admin read and on the profile being `submitted`, or `approving` under a claim older than
 * `staleBefore` (its process died: docs/decisions.md). The profile stays in the queue. Null when
 * refused (read the profile to say why).
 */
export async function claimInvestorProfile(
  userId: string,
  claim: ApprovalClaim,
  readUpdatedAt: string,
  updatedAt: string,
  staleBefore: string,
): Promise<InvestorProfileItem | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: investorProfileKey(userId),
      UpdateExpression: 'SET #status = :approving, claim = :claim, updatedAt = :updatedAt',
      ConditionExpression:
        'updatedAt = :read AND (#status = :submitted OR (#status = :approving AND (attribute_not_exists(claim.#at) OR claim.#at < :stale)))',
      ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
      ExpressionAttributeValues: {
        ':approving': 'approving',
        ':submitted': 'submitted',
        ':claim': claim,
        ':updatedAt': updatedAt,
        ':read': readUpdatedAt,
        ':stale': staleBefore,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (attributes === null) return null;
  return investorProfileModel.fromItem(attributes ?? {});
}

/** Gives a claimed profile back to the queue (`submitted`), if the claim is still ours. */
export async function releaseInvestorProfileClaim(userId: string, claimId: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: investorProfileKey(userId),
      UpdateExpression: 'SET #status = :submitted, claim = :null',
      ConditionExpression: '#status = :approving AND claim.#id = :claim',
      ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
      ExpressionAttributeValues: {
        ':submitted': 'submitted',
        ':approving': 'approving',
        ':claim': claimId,
        ':null': null,
      },
    }),
  );
}

/** Writes the approved profile (out of the queue) if our claim still holds it: false when it was lost. */
export async function finishInvestorProfileApproval(
  approved: InvestorProfileItem,
  claimId: string,
): Promise<boolean> {
  return conditionalWrite(
    putItem(investorProfileModel.toItem(approved), {
      expression: '#status = :approving AND claim.#id = :claim',
      names: { '#status': 'status', '#id': 'id' },
      values: { ':approving': 'approving', ':claim': claimId },
    }),
  );
}

import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { BUILT_IN_PORTAL } from '../../lambdas/lib/portals/built-in';
import {
  createInvestorMember,
  getInvestorProfile,
  putInvestorProfile,
} from '../../lambdas/lib/table/repositories/investor-accounts';
import { INVESTOR_GROUP } from '../../shared/accounts/groups';
import { emptyInvestorProfileFields } from '../../shared/investors/investor-profile';
import { ensureUser, type LocalAccount, type LocalCognito } from './cognito';

/**
 * The local home's investor (issue 21): an account that joined the built-in portal, with a draft
 * profile to finish and submit, so the investor's screens can be seen without registering. Kept as
 * it is once created (a home that predates it gains it on its next start).
 */
export async function seedLocalInvestor(cognito: LocalCognito, account: LocalAccount, now: string) {
  const sub = await ensureUser(cognito, account);
  await cognito.client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: cognito.userPoolId,
      Username: account.email,
      GroupName: INVESTOR_GROUP,
    }),
  );
  await createInvestorMember({
    userId: sub,
    email: account.email,
    portalId: BUILT_IN_PORTAL.urlIdentifier,
    joinedAt: now,
  });
  if (await getInvestorProfile(sub)) return;
  await putInvestorProfile(
    {
      ...emptyInvestorProfileFields(account.email),
      name: 'Rosa Almeida',
      firm: 'VCN Angels',
      title: 'Angel Investor',
      investorType: 'angel',
      stages: ['pre-seed', 'seed'],
      sectors: ['fintech', 'climate tech'],
      cities: ['Lisbon'],
      countries: ['Portugal'],
      chequeMin: 25_000,
      chequeMax: 150_000,
      leadsRounds: false,
      thesis: 'First cheques into fintech and climate founders in southern Europe.',
      userId: sub,
      accountEmail: account.email,
      portalId: BUILT_IN_PORTAL.urlIdentifier,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
      submittedAt: null,
    },
    null,
  );
}

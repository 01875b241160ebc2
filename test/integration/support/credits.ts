import { expect } from 'vitest';
import { grantCreditWrites } from '../../../lambdas/lib/table/repositories/credits';
import { transactWrite } from '../../../lambdas/lib/table/table';
import type { CreditsResponse } from '../../../shared/api/credits';
import { call, type TestUser } from './home';
import { unique } from './seed';

/** A founder's credits as the account page reads them (GET /me/credits). */
export async function creditsOf(user: TestUser): Promise<CreditsResponse> {
  const response = await call('GET', '/me/credits', { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: CreditsResponse }).data;
}

/** A founder's contact library (GET /me/contacts). */
export async function libraryOf(user: TestUser) {
  const response = await call('GET', '/me/contacts', { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (
    response.body as {
      data: { contacts: { searchableInvestorId: string; email: string | null; cartIds: string[] }[] };
    }
  ).data.contacts;
}

/** Gives a founder one credit as a resolution would (the grant's own transaction items). */
export async function grantOne(user: TestUser): Promise<void> {
  await transactWrite(
    grantCreditWrites({
      userId: user.sub,
      kind: 'granted',
      at: new Date().toISOString(),
      investorId: `granted-${unique()}`,
      investorName: 'Someone bounced',
      reportId: `test-${unique()}`,
      cartId: null,
    }),
  );
}

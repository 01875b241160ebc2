import { describe, expect, it } from 'vitest';
import type { InvestorPortal } from '../../../lambdas/lib/table/models';
import { getPortal, putPortal } from '../../../lambdas/lib/table/repositories/portals';
import { at, unique } from './fixtures';

const portal = (overrides: Partial<InvestorPortal> = {}): InvestorPortal => ({
  id: unique('portal_'),
  name: 'VCN Investor Portal',
  description: 'Join the VCN investor network.',
  urlIdentifier: unique('vcn'),
  createdAt: at(0),
  updatedAt: at(0),
  createdBy: unique('admin_'),
  firm: { name: 'VCN', website: 'https://vcn.example.com' },
  fontFamily: 'Georgia, serif',
  ...overrides,
});

describe('portals repository (DynamoDB Local)', () => {
  it('puts a portal and reads it back by its subdomain', async () => {
    const stored = portal();

    await putPortal(stored);

    expect(await getPortal(stored.urlIdentifier)).toEqual(stored);
  });

  it('finds a portal whatever the case of the subdomain, storing the identifier in lower case', async () => {
    const identifier = unique('MixedCase');
    const stored = portal({ urlIdentifier: identifier });

    await putPortal(stored);

    const expected = { ...stored, urlIdentifier: identifier.toLowerCase() };
    expect(await getPortal(identifier)).toEqual(expected);
    expect(await getPortal(identifier.toUpperCase())).toEqual(expected);
    expect(await getPortal(identifier.toLowerCase())).toEqual(expected);
  });

  it('returns null for an unknown subdomain', async () => {
    expect(await getPortal(unique('nobody'))).toBeNull();
  });

  it('replaces the portal stored under the same subdomain', async () => {
    const first = portal();
    await putPortal(first);

    await putPortal({ ...first, name: 'Renamed', fontFamily: null, updatedAt: at(5) });

    expect(await getPortal(first.urlIdentifier)).toEqual({
      ...first,
      name: 'Renamed',
      fontFamily: null,
      updatedAt: at(5),
    });
  });
});

import { type InvestorPortal, investorPortalModel } from '../table/models';

/**
 * The one built-in portal (spec: "One built-in portal exists, keyed by a subdomain"): the partner
 * firm VCN at `vcn.<domain>`. The deployment creates it on AWS (infra/constructs/built-in-data.ts)
 * and the seed creates it locally, both from here; after that it is data an admin may edit, which no
 * later deployment overwrites.
 */
export const BUILT_IN_PORTAL = {
  id: 'portal-vcn',
  name: 'VCN Investor Portal',
  description: 'Join the VCN investor network: tell us what you invest in and meet founders who fit.',
  urlIdentifier: 'vcn',
  firm: { name: 'VCN', website: 'https://vcn.example.com' },
  fontFamily: 'Georgia, serif',
} as const satisfies Omit<InvestorPortal, 'createdAt' | 'updatedAt' | 'createdBy'>;

/** The built-in portal as stored, created at `createdAt` by `createdBy`. */
export function builtInPortal(createdAt: string, createdBy: string): InvestorPortal {
  return {
    ...BUILT_IN_PORTAL,
    firm: { ...BUILT_IN_PORTAL.firm },
    createdAt,
    updatedAt: createdAt,
    createdBy,
  };
}

/** Its table item (keys included), as `putPortal` writes it. */
export const builtInPortalItem = (createdAt: string, createdBy: string) =>
  investorPortalModel.toItem(builtInPortal(createdAt, createdBy));

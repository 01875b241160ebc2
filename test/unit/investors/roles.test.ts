import { describe, expect, it } from 'vitest';
import {
  INVESTOR_ROLE_LABELS,
  INVESTOR_ROLES,
  investorRoleLabel,
  investorRoleSchema,
  isInvestorRole,
  parseInvestorRole,
  publicRoleLabel,
  UNKNOWN_ROLE_LABEL,
} from '../../../shared/investors/roles';

describe('investor roles', () => {
  it('stores the eight roles of the spec', () => {
    expect(INVESTOR_ROLES).toEqual([
      'vc',
      'angel',
      'fund',
      'accelerator',
      'incubator',
      'corporate',
      'family_office',
      'other',
    ]);
  });

  it('validates stored roles with the zod enum and refuses anything else', () => {
    expect(investorRoleSchema.parse('family_office')).toBe('family_office');
    expect(investorRoleSchema.safeParse('VC').success).toBe(false);
    expect(isInvestorRole('angel')).toBe(true);
    expect(isInvestorRole('Angel')).toBe(false);
    expect(isInvestorRole(null)).toBe(false);
  });

  it('displays each stored role by its spec name', () => {
    expect(INVESTOR_ROLES.map(investorRoleLabel)).toEqual([
      'VC',
      'Angel',
      'Fund',
      'Accelerator',
      'Incubator',
      'Corporate',
      'Family Office',
      'Other',
    ]);
    expect(INVESTOR_ROLE_LABELS.family_office).toBe('Family Office');
  });

  it("displays 'Unknown' for null, undefined, unknown strings and non-strings", () => {
    expect(UNKNOWN_ROLE_LABEL).toBe('Unknown');
    for (const value of [null, undefined, '', 'VC', 'hedge', 42, {}]) {
      expect(investorRoleLabel(value)).toBe('Unknown');
    }
  });
});

describe('parseInvestorRole', () => {
  it.each([
    ['VC', 'vc'],
    ['vc', 'vc'],
    ['V.C.', 'vc'],
    ['Venture Capital', 'vc'],
    ['venture capital firm', 'vc'],
    ['Micro VC', 'vc'],
    ['Venture Fund', 'vc'],
    ['Angel', 'angel'],
    ['Angel Investor', 'angel'],
    ['super angels', 'angel'],
    ['Fund', 'fund'],
    ['Private Equity', 'fund'],
    ['Accelerator', 'accelerator'],
    ['accelerator program', 'accelerator'],
    ['Incubator', 'incubator'],
    ['Corporate', 'corporate'],
    ['Corporate VC', 'corporate'],
    ['Corporate Venture Capital', 'corporate'],
    ['CVC', 'corporate'],
    ['Family Office', 'family_office'],
    ['family_office', 'family_office'],
    ['Multi-Family Office', 'family_office'],
    ['Other', 'other'],
  ] as const)('parses %j as %s', (text, role) => {
    expect(parseInvestorRole(text)).toBe(role);
  });

  it('parses every stored value and display name to itself', () => {
    for (const role of INVESTOR_ROLES) {
      expect(parseInvestorRole(role)).toBe(role);
      expect(parseInvestorRole(INVESTOR_ROLE_LABELS[role])).toBe(role);
      expect(parseInvestorRole(INVESTOR_ROLE_LABELS[role].toUpperCase())).toBe(role);
    }
  });

  it('takes the first recognised role of a cell listing several', () => {
    expect(parseInvestorRole('Angel / VC')).toBe('angel');
    expect(parseInvestorRole('Syndicate; Family Office')).toBe('family_office');
  });

  it("gives 'other' for unrecognised non-empty text", () => {
    expect(parseInvestorRole('Syndicate')).toBe('other');
    expect(parseInvestorRole('General Partner')).toBe('other');
    expect(parseInvestorRole('???')).toBe('other');
  });

  it('gives null for an empty or blank cell, null and undefined', () => {
    expect(parseInvestorRole('')).toBeNull();
    expect(parseInvestorRole('   ')).toBeNull();
    expect(parseInvestorRole(null)).toBeNull();
    expect(parseInvestorRole(undefined)).toBeNull();
  });
});

describe('publicRoleLabel (issue 50)', () => {
  it('names stored roles and gives no public type "Unknown" for an investor without one', () => {
    expect(publicRoleLabel('vc')).toBe('VC');
    expect(publicRoleLabel('family_office')).toBe('Family Office');
    expect(publicRoleLabel('unknown')).toBeNull();
    expect(publicRoleLabel(null)).toBeNull();
    expect(publicRoleLabel(undefined)).toBeNull();
  });
});

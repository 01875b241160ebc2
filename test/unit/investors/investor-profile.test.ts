import { describe, expect, it } from 'vitest';
import {
  investorAccountMessages,
  profileFieldMessages,
  saveInvestorProfileBody,
  webAddressHost,
} from '../../../shared/api/investor-profile';
import {
  emptyInvestorProfileFields,
  type InvestorProfileFields,
  investorProfileMessages,
  profileProblems,
  submissionProblems,
} from '../../../shared/investors/investor-profile';

const complete = (changes: Partial<InvestorProfileFields> = {}): InvestorProfileFields => ({
  ...emptyInvestorProfileFields('ana@example.com'),
  name: 'Ana',
  investorType: 'angel',
  stages: ['seed'],
  sectors: ['fintech'],
  ...changes,
});

const firstMessage = (body: unknown) => {
  const result = saveInvestorProfileBody.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("an investor's profile: what may be saved and submitted", () => {
  it('starts empty, with the account email as the contact email and nothing for sale', () => {
    const empty = emptyInvestorProfileFields('ana@example.com');
    expect(empty.contact).toEqual({ email: 'ana@example.com', phone: '' });
    expect(Object.values(empty.foundersMayBuy)).toEqual([false, false, false, false, false]);
  });

  it('needs a name, a type, a stage and a sector to be submitted, and says each in plain words', () => {
    expect(submissionProblems(emptyInvestorProfileFields('a@example.com'))).toEqual([
      investorProfileMessages.nameRequired,
      investorProfileMessages.typeRequired,
      investorProfileMessages.stageRequired,
      investorProfileMessages.sectorRequired,
    ]);
    expect(submissionProblems(complete())).toEqual([]);
  });

  it('refuses an upside-down cheque range and a contact value for sale that is not given, draft or not', () => {
    const fields = complete({
      chequeMin: 500_000,
      chequeMax: 100_000,
      contact: { email: '', phone: '' },
      foundersMayBuy: { email: true, phone: false, linkedin: true, twitter: false, crunchbase: false },
    });
    expect(profileProblems(fields)).toEqual([
      investorProfileMessages.chequeOrder,
      investorProfileMessages.mayBuyWithoutValue('email'),
      investorProfileMessages.mayBuyWithoutValue('linkedin'),
    ]);
    expect(submissionProblems(fields)).toEqual(profileProblems(fields));
  });
});

describe('PATCH /investor/profile body', () => {
  it('trims text, completes addresses, lower-cases sectors, orders stages and drops repeats', () => {
    const parsed = saveInvestorProfileBody.parse({
      name: '  Ana  ',
      stages: ['series a', 'pre-seed', 'series a'],
      sectors: ['FinTech', 'fintech ', '', 'Climate  Tech'],
      cities: ['Lisbon', ' lisbon', ''],
      links: {
        linkedin: 'www.linkedin.com/in/ana',
        twitter: 'https://twitter.com/ana',
        crunchbase: 'https://www.crunchbase.com/person/ana',
        website: 'ana.vc',
      },
    });
    expect(parsed).toEqual({
      name: 'Ana',
      stages: ['pre-seed', 'series a'],
      sectors: ['fintech', 'climate tech'],
      cities: ['Lisbon'],
      links: {
        linkedin: 'https://www.linkedin.com/in/ana',
        twitter: 'https://twitter.com/ana',
        crunchbase: 'https://www.crunchbase.com/person/ana',
        website: 'https://ana.vc',
      },
    });
  });

  it('refuses addresses on the wrong site, a bad email or phone, a stage not on the list, and too many sectors', () => {
    const links = { linkedin: '', twitter: '', crunchbase: '', website: '' };
    expect(firstMessage({ links: { ...links, linkedin: 'https://evil.example/linkedin.com' } })).toBe(
      profileFieldMessages.linkedin,
    );
    expect(firstMessage({ links: { ...links, twitter: 'https://x.co/ana' } })).toBe(
      profileFieldMessages.twitter,
    );
    expect(firstMessage({ links: { ...links, website: 'javascript:alert(1)' } })).toBe(
      profileFieldMessages.website,
    );
    expect(firstMessage({ contact: { email: 'ana@', phone: '' } })).toBe(profileFieldMessages.email);
    expect(firstMessage({ contact: { email: '', phone: '12-34' } })).toBe(profileFieldMessages.phone);
    expect(firstMessage({ stages: ['angel round'] })).toBe(profileFieldMessages.stages);
    expect(firstMessage({ sectors: Array.from({ length: 11 }, (_, i) => `s${i}`) })).toBe(
      profileFieldMessages.sectors,
    );
    expect(firstMessage({ chequeMax: -1 })).toBe(profileFieldMessages.cheque);
    expect(firstMessage({})).toBe(investorAccountMessages.emptyChange);
  });

  it('reads the host of a web address, and nothing from what is not one', () => {
    expect(webAddressHost('https://www.LinkedIn.com/in/ana')).toBe('www.linkedin.com');
    expect(webAddressHost('https://user@evil.example')).toBeNull();
    expect(webAddressHost('ftp://files.example.com')).toBeNull();
    expect(webAddressHost('https://localhost/')).toBeNull();
  });
});

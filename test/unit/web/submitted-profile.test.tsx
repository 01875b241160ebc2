// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvestorProfile } from '../../../shared/api/investor-profile';
import { emptyInvestorProfileFields } from '../../../shared/investors/investor-profile';
import { SubmittedProfile } from '../../../web/pages/investor-account/submitted-profile';

afterEach(cleanup);

const submitted = (overrides: Partial<InvestorProfile> = {}): InvestorProfile => ({
  ...emptyInvestorProfileFields('ana@example.com'),
  name: 'Ana Ribeiro',
  investorType: 'angel',
  stages: ['seed'],
  sectors: ['fintech'],
  portalId: 'vcn',
  status: 'submitted',
  submittedAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-07T10:00:00.000Z',
  ...overrides,
});

/** The value beside a label of the summary. */
const shown = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('what the investor reads of their submitted profile (issue 33: the profile facts too)', () => {
  it('shows the thesis, website, lead or follow, typical cheque, where they invest, portfolio and deals', () => {
    render(
      <SubmittedProfile
        accountEmail="ana@example.com"
        onEdit={() => {}}
        profile={submitted({
          thesis: 'Backing technical founders.\n\nFrom pre-seed.',
          leadOrFollow: 'both',
          typicalCheque: 250_000,
          geographicFocus: ['Portugal', 'Europe'],
          links: { linkedin: '', twitter: '', crunchbase: '', website: 'https://ana.example' },
          portfolio: [
            { name: 'Loom Labs', website: null, stage: 'Seed', year: 2021 },
            { name: 'Acme Robotics', website: 'https://acme.example', stage: null, year: null },
          ],
          recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 4_000_000 }],
        })}
      />,
    );
    expect(shown('Lead or follow')).toBe('Leads or follows');
    expect(shown('Typical cheque')).toBe('$250K');
    expect(shown('Invests in')).toBe('Portugal, Europe');
    expect(shown('Website')).toBe('https://ana.example');
    expect(shown('Portfolio')).toBe('Loom Labs (Seed, 2021)\nAcme Robotics (https://acme.example)');
    expect(shown('Recent investments')).toBe('Kite (Series A, 2025-03, $4M)');
    expect(screen.getByRole('heading', { name: 'Thesis' })).toBeTruthy();
    expect(screen.getByText(/Backing technical founders\.\s+From pre-seed\./).className).toContain(
      'investor-thesis',
    );
  });

  it('says "—" for what the investor left blank, and reads a profile of before from whether it leads', () => {
    const { leadOrFollow: _none, ...before } = submitted({ leadsRounds: false });
    render(<SubmittedProfile accountEmail="ana@example.com" onEdit={() => {}} profile={before} />);
    expect(shown('Lead or follow')).toBe('Follows');
    for (const label of ['Typical cheque', 'Invests in', 'Website', 'Portfolio', 'Recent investments'])
      expect(shown(label)).toBe('—');
    expect(screen.queryByRole('heading', { name: 'Thesis' })).toBeNull();
  });
});

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { InvestorProfile } from '../../../shared/api/investor-profile';
import { formatCheckRange, formatCompactUsd } from '../../../shared/format/money';
import { portfolioLine, recentInvestmentLine } from '../../../shared/import/profile-cells';
import {
  BUYABLE_CONTACT_LABELS,
  BUYABLE_CONTACTS,
  buyableContactValue,
} from '../../../shared/investors/investor-profile';
import { LEAD_OR_FOLLOW_LABELS } from '../../../shared/investors/profile-facts';
import { investorRoleLabel } from '../../../shared/investors/roles';
import { sortStages, tagLabel } from '../../../shared/tags/display';
import { SummaryList } from '../../components/summary-list';
import { localDate } from './local-date';

/**
 * Not in the spec (issue 21): what an investor reads once their profile is submitted. Every profile
 * is reviewed before founders can find it; a refusal is explained by email (the review is issue 21's
 * second part), so nothing here promises a date or an approval email.
 */
export const SUBMITTED_HEADING = 'Thank you: your profile is with us for review';
export const submittedText = (email: string) =>
  `We review every profile before it is listed in the directory; until then founders cannot find you. If we cannot list it, we will email you at ${email} to say why.`;

/** The submitted state: what was sent for review, and a way back into the form. */
export function SubmittedProfile({
  profile,
  accountEmail,
  onEdit,
}: {
  profile: InvestorProfile;
  accountEmail: string;
  onEdit: () => void;
}) {
  const forSale = BUYABLE_CONTACTS.filter(
    (kind) => profile.foundersMayBuy[kind] && buyableContactValue(profile, kind) !== '',
  );
  const places = [...profile.cities, ...profile.countries, ...profile.regions];
  // Lead or follow (issue 33); a profile saved before it says only whether it leads.
  const leadOrFollow =
    profile.leadOrFollow ??
    (profile.leadsRounds === null || profile.leadsRounds === undefined
      ? null
      : profile.leadsRounds
        ? 'lead'
        : 'follow');
  const portfolio = (profile.portfolio ?? []).map(portfolioLine);
  const deals = (profile.recentInvestments ?? []).map((deal) => recentInvestmentLine(deal, formatCompactUsd));
  const lines = (values: readonly string[]) =>
    values.length === 0 ? '—' : <span className="text-lines d-block">{values.join('\n')}</span>;
  return (
    <section aria-labelledby="submitted-heading" style={{ maxWidth: '44rem' }}>
      <Alert variant="success" role="status">
        <h2 id="submitted-heading" className="h5">
          {SUBMITTED_HEADING}
        </h2>
        <p className="mb-1">{submittedText(accountEmail)}</p>
        {profile.submittedAt ? (
          <p className="mb-0 small">Submitted on {localDate(profile.submittedAt)}.</p>
        ) : null}
      </Alert>
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h5 mb-3">What you submitted</h2>
          <SummaryList
            items={[
              { label: 'Name', value: profile.name },
              {
                label: 'Title and firm',
                value: [profile.title, profile.firm].filter(Boolean).join(', ') || '—',
              },
              { label: 'Investor type', value: investorRoleLabel(profile.investorType) },
              { label: 'Stages', value: sortStages(profile.stages).map(tagLabel).join(', ') },
              { label: 'Sectors', value: profile.sectors.map(tagLabel).join(', ') },
              { label: 'Where', value: places.join(', ') || '—' },
              { label: 'Cheques', value: formatCheckRange(profile.chequeMin, profile.chequeMax) ?? '—' },
              { label: 'Lead or follow', value: leadOrFollow ? LEAD_OR_FOLLOW_LABELS[leadOrFollow] : '—' },
              {
                label: 'Typical cheque',
                value: profile.typicalCheque ? formatCompactUsd(profile.typicalCheque) : '—',
              },
              { label: 'Invests in', value: (profile.geographicFocus ?? []).join(', ') || '—' },
              { label: 'Website', value: profile.links.website || '—' },
              { label: 'Portfolio', value: lines(portfolio) },
              { label: 'Recent investments', value: lines(deals) },
              { label: 'Fund size', value: profile.fundSize ? formatCompactUsd(profile.fundSize) : '—' },
              { label: 'Vintage', value: profile.vintage ? String(profile.vintage) : '—' },
              {
                label: 'Founders may buy',
                value: forSale.map((kind) => BUYABLE_CONTACT_LABELS[kind]).join(', ') || 'Nothing',
              },
            ]}
          />
          {profile.thesis ? (
            <>
              <h3 className="h6 mt-3">Thesis</h3>
              <p className="mb-0 investor-thesis">{profile.thesis}</p>
            </>
          ) : null}
        </Card.Body>
      </Card>
      <div className="mt-3">
        <Button variant="outline-primary" onClick={onEdit}>
          Edit your profile
        </Button>
        <p className="small text-body-secondary mt-2 mb-0">
          Saving a change takes your profile back to a draft; submit it again when it is ready.
        </p>
      </div>
    </section>
  );
}

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { InvestorProfile } from '../../../shared/api/investor-profile';
import { formatCheckRange } from '../../../shared/format/money';
import {
  BUYABLE_CONTACT_LABELS,
  BUYABLE_CONTACTS,
  buyableContactValue,
} from '../../../shared/investors/investor-profile';
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
              {
                label: 'Leads rounds',
                value: profile.leadsRounds === null ? '—' : profile.leadsRounds ? 'Yes' : 'No',
              },
              {
                label: 'Founders may buy',
                value: forSale.map((kind) => BUYABLE_CONTACT_LABELS[kind]).join(', ') || 'Nothing',
              },
            ]}
          />
          {profile.thesis ? <p className="mt-3 mb-0 fst-italic">{profile.thesis}</p> : null}
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

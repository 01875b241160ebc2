import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { InvestorProfile } from '../../../shared/api/directory';
import { formatCompactUsd } from '../../../shared/format/money';
import {
  type FactConfirmed,
  factConfirmedPhrase,
  formatPartialDate,
  LEAD_OR_FOLLOW_LABELS,
  type LeadOrFollow,
  websiteHost,
} from '../../../shared/investors/profile-facts';

/**
 * The profile facts of issue 33 on the public profile page: the whole thesis, the portfolio with
 * stage and year, recent investments with round, date and amount, each with who confirmed it and
 * when ("confirmed by the investor Mar 2026"). Public, never sold.
 */

/** 'confirmed by the investor Mar 2026' under a section, when the fact has a month. */
function Confirmed({ confirmed }: { confirmed: FactConfirmed | undefined }) {
  const phrase = factConfirmedPhrase(confirmed);
  if (!phrase) return null;
  return <p className="small text-body-secondary mb-0 mt-2">{phrase[0]?.toUpperCase() + phrase.slice(1)}</p>;
}

export const leadOrFollowLabel = (value: LeadOrFollow | null): string | null =>
  value ? LEAD_OR_FOLLOW_LABELS[value] : null;

/** The website as a link that shows its host. */
export function WebsiteLink({ website }: { website: string }) {
  return (
    <a href={website} target="_blank" rel="nofollow noopener noreferrer">
      {websiteHost(website)}
    </a>
  );
}

/** The thesis, whole, with its paragraphs: first on the page, since it says what the investor believes in. */
export function ThesisCard({ profile }: { profile: InvestorProfile }) {
  if (!profile.thesis) return null;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">Thesis</h2>
        <p className="mb-0 investor-thesis">{profile.thesis}</p>
        <Confirmed confirmed={profile.profileConfirmed.thesis} />
      </Card.Body>
    </Card>
  );
}

/** Portfolio companies (name with its website, stage, year) and recent investments (round, date, amount). */
export function DealsCards({ profile }: { profile: InvestorProfile }) {
  const { portfolio, recentInvestments } = profile;
  if (portfolio.length === 0 && recentInvestments.length === 0) return null;
  return (
    <div className="row g-4 mt-0">
      {recentInvestments.length > 0 ? (
        <div className="col-lg-6">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6" id="recent-investments">
                Recent investments
              </h2>
              <Table size="sm" className="mb-0 align-middle" aria-labelledby="recent-investments">
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col">Round</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="text-end">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {recentInvestments.map((deal) => (
                    <tr key={`${deal.company}#${deal.date ?? ''}`}>
                      <td className="fw-semibold">{deal.company}</td>
                      <td>{deal.round ?? '—'}</td>
                      <td className="text-nowrap">{deal.date ? formatPartialDate(deal.date) : '—'}</td>
                      <td className="text-end">
                        {deal.amount === null ? '—' : formatCompactUsd(deal.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Confirmed confirmed={profile.profileConfirmed.recentInvestments} />
            </Card.Body>
          </Card>
        </div>
      ) : null}
      {portfolio.length > 0 ? (
        <div className="col-lg-6">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6" id="portfolio-companies">
                Portfolio ({portfolio.length})
              </h2>
              <Table size="sm" className="mb-0 align-middle" aria-labelledby="portfolio-companies">
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col">Stage</th>
                    <th scope="col" className="text-end">
                      Year
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {portfolio.map((company) => (
                    <tr key={company.name}>
                      <td>
                        <span className="fw-semibold">{company.name}</span>
                        {company.website ? (
                          <span className="d-block small">
                            <WebsiteLink website={company.website} />
                          </span>
                        ) : null}
                      </td>
                      <td>{company.stage ?? '—'}</td>
                      <td className="text-end">{company.year ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Confirmed confirmed={profile.profileConfirmed.portfolio} />
            </Card.Body>
          </Card>
        </div>
      ) : null}
    </div>
  );
}

import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { InvestorProfile } from '../../../shared/api/directory';
import { formatCompactUsd } from '../../../shared/format/money';
import {
  lastDealWords,
  PAST_INVESTMENT_PERIOD_WORDS,
  stageDealsWords,
} from '../../../shared/investors/deploying';

/**
 * "Is this investor deploying now" on the public profile (issue 52): the last new investment, the
 * new deals per stage in the last 12 months, the fund's size and vintage when known, and the flag
 * "likely past its investment period" in plain words. All computed on the server; nothing shown
 * when the data says nothing.
 */
export function DeployingCard({ profile }: { profile: InvestorProfile }) {
  const deploying = profile.deploying;
  if (!deploying) return null;
  const { lastDeal, stagesLast12Months, fundSize, vintage } = deploying;
  return (
    <Card className="shadow-sm mb-4" as="section" aria-labelledby="deploying-now">
      <Card.Body>
        <h2 className="h6" id="deploying-now">
          Deploying now
        </h2>
        {deploying.pastInvestmentPeriod ? (
          <Alert variant="warning" className="small py-2">
            {PAST_INVESTMENT_PERIOD_WORDS}
          </Alert>
        ) : null}
        {lastDeal ? <p className="mb-2">{lastDealWords(lastDeal)}</p> : null}
        {lastDeal ? (
          stagesLast12Months.length > 0 ? (
            <>
              <h3 className="h6 small text-body-secondary mb-1" id="deals-last-12-months">
                New deals in the last 12 months
              </h3>
              <ul className="mb-2" aria-labelledby="deals-last-12-months">
                {stagesLast12Months.map((deals) => (
                  <li key={deals.stage ?? ''}>{stageDealsWords(deals)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mb-2">No new deal in the last 12 months</p>
          )
        ) : null}
        {fundSize !== null || vintage !== null ? (
          <dl className="row mb-0 small">
            {fundSize !== null ? (
              <>
                <dt className="col-5 col-sm-3">Fund size</dt>
                <dd className="col-7 col-sm-9 mb-1">{formatCompactUsd(fundSize)}</dd>
              </>
            ) : null}
            {vintage !== null ? (
              <>
                <dt className="col-5 col-sm-3">Vintage</dt>
                <dd className="col-7 col-sm-9 mb-1">{vintage}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </Card.Body>
    </Card>
  );
}

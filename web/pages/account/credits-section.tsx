import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { BOUNCE_CREDIT_DAYS } from '../../../shared/credits/bounce-credit';
import { creditHistoryLabel } from '../../../shared/credits/undelivered-credit';
import { messages } from '../../../shared/messages';
import { useMyCredits } from '../../api/credits';
import { showDate } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { paths } from '../../config/paths';

/**
 * The account page's credits (issue 20): the balance, how a credit is earned and used, and the
 * history (granted for a report, redeemed for an investor, given for a paid contact no longer in the
 * directory: no link, its page is gone), newest first.
 */
export function CreditsSection() {
  const credits = useMyCredits();
  return (
    <Card className="shadow-sm mb-4" id="credits">
      <Card.Body>
        <h2 className="h5 mb-3">Credits</h2>
        {credits.isPending ? (
          <LoadingMessage />
        ) : credits.isError ? (
          <Alert variant="danger" className="mb-0">
            {messages.anErrorOccurred}
          </Alert>
        ) : (
          <>
            <p className="mb-2" data-testid="credit-balance">
              You have <strong>{credits.data.balance}</strong>{' '}
              {credits.data.balance === 1 ? 'credit' : 'credits'}.
            </p>
            <p className="small text-body-secondary mb-3">
              When an email you bought bounces, report it from your Contact Library within{' '}
              {BOUNCE_CREDIT_DAYS} days of the purchase: once we confirm it, you get one credit. A credit adds
              any investor’s contact to your library free: use it from the investor’s page (“Use a credit”). A
              contact you paid for that is no longer in the directory when we deliver it is also made good
              with a credit.
            </p>
            {credits.data.entries.length > 0 ? (
              <ListGroup as="ul" aria-label="Credit history" variant="flush">
                {credits.data.entries.map((entry) => (
                  <ListGroup.Item
                    as="li"
                    key={`${entry.kind}-${entry.reportId ?? entry.cartId ?? ''}-${entry.investorId}`}
                    className="d-flex flex-wrap justify-content-between gap-2 px-0"
                  >
                    <span>
                      {creditHistoryLabel(entry).before}
                      {entry.kind === 'undelivered' ? (
                        entry.investorName
                      ) : (
                        <Link to={paths.investorProfile.href(entry.investorId)}>{entry.investorName}</Link>
                      )}
                      {creditHistoryLabel(entry).after}
                    </span>
                    <span className="small text-body-secondary">{showDate(entry.at)}</span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

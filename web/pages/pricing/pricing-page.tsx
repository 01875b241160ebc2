import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { cartItemCount } from '../../../shared/cart/cart';
import {
  cartTierSummary,
  formatUsd,
  MAX_CART_ITEMS,
  PRICE_TIERS,
  tierRange,
} from '../../../shared/cart/pricing';
import { BOUNCE_CREDIT_DAYS } from '../../../shared/credits/bounce-credit';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { useExportCart } from '../../stores/export-cart';

/** What every purchase includes (issue 32), as docs/decisions.md decides it. */
export const PURCHASE_INCLUDES: readonly { title: string; text: string }[] = [
  {
    title: 'A CSV file by email',
    text: 'The contact list comes as a CSV file attached to an email to your verified address, with the columns you chose: name, email, LinkedIn, phone, Twitter, Crunchbase, firm, title, location, cheque size and when each contact was last confirmed.',
  },
  {
    title: 'Your Contact Library',
    text: 'Every contact you buy stays in the Contact Library of your account, where you can download the CSV of any purchase again.',
  },
  {
    title: '12 months of free updates',
    text: 'For 12 months after you buy a contact, the library shows any new value of the details you bought, and you can download a refreshed CSV. A weekly email tells you what changed (you can turn it off).',
  },
  {
    title: 'Credits for bounced emails',
    text: `If an email address you bought bounces, report it within ${BOUNCE_CREDIT_DAYS} days of the purchase. Once we confirm it, you get one credit: a credit adds any investor's contact to your library for free. A contact that has left the directory by the time your list is sent is credited the same way.`,
  },
];

/**
 * `/pricing` (issue 32): the price tiers before anything is in the cart, what a purchase includes,
 * and where the founder's cart stands.
 */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const count = cartItemCount(useExportCart());
  return (
    <Container>
      <header className="mb-4">
        <h1 className="h2 mb-1">Pricing</h1>
        <p className="lead mb-0">
          One price per contact list, set by how many investors it holds. The price is the same whichever
          columns you choose.
        </p>
      </header>

      <Row xs={1} sm={2} lg={4} className="g-3 mb-3 ps-0" as="ul" aria-label="Price tiers" role="list">
        {PRICE_TIERS.map((tier) => (
          <Col key={tier.id} as="li" className="list-unstyled">
            <Card className="h-100 shadow-sm text-center">
              <Card.Body>
                <h2 className="h6 text-uppercase text-body-secondary mb-2">
                  {tierRange(tier).replace(/^up/, 'Up')} contacts
                </h2>
                <p className="h2 fw-bold mb-0">{formatUsd(tier.priceX100)}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="small text-body-secondary mb-4">
        Prices in US dollars, paid once on Stripe&apos;s secure payment page: no subscription. A cart holds at
        most {MAX_CART_ITEMS.toLocaleString('en-US')} contacts; for more, buy several lists.
        {count > 0 ? (
          <>
            {' '}
            Your cart: <Link to={paths.cart.href()}>{cartTierSummary(count)}</Link>.
          </>
        ) : null}
      </p>

      <h2 className="h4 mb-3">Every purchase includes</h2>
      <Row xs={1} md={2} className="g-3 mb-4">
        {PURCHASE_INCLUDES.map((item) => (
          <Col key={item.title}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <h3 className="h6">{item.title}</h3>
                <p className="small mb-0">{item.text}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>

      <div className="d-flex flex-wrap gap-2">
        <LinkButton to={paths.findVc.href()}>Find investors</LinkButton>
        <LinkButton to={paths.cart.href()} variant="outline-primary">
          Open your export cart
        </LinkButton>
      </div>
    </Container>
  );
}

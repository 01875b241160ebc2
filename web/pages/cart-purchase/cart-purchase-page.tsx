import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router-dom';
import { cartStatusLabel } from '../../../shared/cart/cart';
import { formatUsd } from '../../../shared/cart/pricing';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useCart } from '../../api/get-cart';
import { RequireUser } from '../../auth/guards';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * `/cart/{cartId}`: the saved cart's count and price. This first version only shows the cart; the
 * purchase issue completes the page (hosted payment link in a new tab, the copy-this-URL warning and
 * the post-purchase information of spec section 2).
 */
export function CartPurchasePage() {
  useDocumentTitle(messages.purchaseContactList);
  return (
    <RequireUser>
      <CartPurchase />
    </RequireUser>
  );
}

function CartPurchase() {
  const { cartId = '' } = useParams();
  const cart = useCart(cartId);

  return (
    <Container>
      <Card className="shadow-sm mx-auto" style={{ maxWidth: '36rem' }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{messages.purchaseContactList}</h1>
          {cart.isPending ? (
            <LoadingMessage />
          ) : cart.isError ? (
            <Alert variant="danger" className="mb-0">
              {errorMessage(cart.error, messages.anErrorOccurred)}
            </Alert>
          ) : (
            <SummaryList
              items={[
                { label: 'Cart', value: <span className="text-break fw-normal">{cart.data.id}</span> },
                { label: 'Contacts', value: cart.data.pricing.lineItemCount.toLocaleString('en-US') },
                { label: 'Tier', value: cart.data.pricing.tierDescription },
                { label: 'Status', value: cartStatusLabel(cart.data.status) },
                { label: 'Price', value: formatUsd(cart.data.pricing.totalX100), total: true },
              ]}
            />
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}

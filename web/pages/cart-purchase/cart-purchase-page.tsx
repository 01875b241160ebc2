import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router-dom';
import type { CartView } from '../../../shared/api/carts';
import { formatUsd } from '../../../shared/cart/pricing';
import { DOWNLOAD_CSV_AGAIN, PURCHASE_STATE_MESSAGES } from '../../../shared/cart/purchase-state';
import { messages } from '../../../shared/messages';
import { errorMessage, isNotFound } from '../../api/client';
import { useCart } from '../../api/get-cart';
import { useDownloadPurchaseCsv } from '../../api/get-purchase-csv';
import { useOpenCheckout } from '../../api/open-checkout';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/auth-provider';
import { RequireUser } from '../../auth/guards';
import { showDateTime } from '../../components/dates';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { emptyExportCart, readExportCart } from '../../stores/export-cart';

/** The purchase page reads the cart again this often while it is unpaid, to notice the payment. */
export const CART_POLL_MS = 4000;

/** Not in the spec: the cart does not exist or belongs to someone else (the API answers 404 for both). */
export const CART_NOT_FOUND =
  'This cart was not found. It may belong to another account, or the link is wrong.';
/** Not in the spec: the webhook received a payment whose amount does not match the cart's price (the cart is flagged). */
export const PAYMENT_FLAGGED =
  "We received a payment that does not match this cart's price, so the contact list was not sent. We are looking into it and will contact you by email.";

/**
 * `/cart/{cartId}`: 'Purchase Contact List'. The saved cart's count and price, a button to the tier's
 * hosted payment page (a new tab), where to come back to it later, and what happens after paying. The cart is read every few seconds until it is purchased, so paying in the other tab shows
 * here by itself.
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
  const cart = useCart(cartId, { pollWhileActiveMs: CART_POLL_MS });

  return (
    <Container>
      <Card className="shadow-sm mx-auto" style={{ maxWidth: '40rem' }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{messages.purchaseContactList}</h1>
          {cart.isPending ? (
            <LoadingMessage />
          ) : cart.isError ? (
            isNotFound(cart.error) ? (
              <>
                <Alert variant="warning">{CART_NOT_FOUND}</Alert>
                <LinkButton to={paths.cart.href()} variant="outline-primary">
                  Back to the export cart
                </LinkButton>
              </>
            ) : (
              <Alert variant="danger" className="mb-0">
                {errorMessage(cart.error, messages.anErrorOccurred)}
              </Alert>
            )
          ) : (
            <PurchaseDetails cart={cart.data} />
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}

/** True when this browser's export cart is exactly the purchased cart (same id, same investors). */
export function isStoredCartPurchased(cart: CartView): boolean {
  const stored = readExportCart();
  return (
    cart.status === 'purchased' &&
    stored?.id === cart.id &&
    stored.searchableInvestorEntryIds.join('\n') === cart.searchableInvestorEntryIds.join('\n')
  );
}

function PurchaseDetails({ cart }: { cart: CartView }) {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const purchased = cart.status === 'purchased';
  const state = cart.purchaseState;
  const { pricing } = cart;
  const queryClient = useQueryClient();

  // Once bought, the export cart it came from is done: the next add starts a new cart.
  useEffect(() => {
    if (isStoredCartPurchased(cart)) emptyExportCart();
  }, [cart]);
  // Delivered: the contact library has the new contacts.
  useEffect(() => {
    if (state === 'delivered' && user)
      void queryClient.invalidateQueries({ queryKey: queryKeys.myContacts(user.userId) });
  }, [state, user, queryClient]);

  return (
    <>
      <div className="mb-4">
        <SummaryList
          items={[
            { label: 'Contacts', value: pricing.lineItemCount.toLocaleString('en-US') },
            { label: 'Pricing tier', value: pricing.tierDescription },
            { label: 'Price', value: formatUsd(pricing.totalX100), total: true },
          ]}
        />
      </div>

      {state === 'flagged' ? (
        <Alert variant="warning" role="status">
          {PAYMENT_FLAGGED}
        </Alert>
      ) : purchased ? (
        <Purchased cart={cart} email={email} />
      ) : state === 'payment-pending' ? (
        <Alert variant="info" role="status">
          {PURCHASE_STATE_MESSAGES['payment-pending']}
        </Alert>
      ) : (
        <>
          {state === 'payment-failed' ? (
            <Alert variant="warning" role="status">
              {PURCHASE_STATE_MESSAGES['payment-failed']}
            </Alert>
          ) : null}
          <PayButton cart={cart} />
          <p className="small text-body-secondary text-center mb-4">
            Payment happens on a secure hosted payment page, in a new tab.
          </p>
          <ComeBackNote />
          <div className="small text-body-secondary d-flex align-items-center gap-2 mb-4" role="status">
            <Spinner animation="grow" size="sm" aria-hidden="true" />
            <span>Waiting for your payment. This page updates by itself once it is confirmed.</span>
          </div>
        </>
      )}

      {purchased || state === 'flagged' ? null : <AfterPurchase email={email} />}
    </>
  );
}

/**
 * Opens the payment page in a new tab: the tab opens at once (so no pop-up blocker stops it), the
 * server locks the cart and answers the page's address, and the tab goes there.
 */
function PayButton({ cart }: { cart: CartView }) {
  const checkout = useOpenCheckout();
  const { showToast } = useToast();
  const pay = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    checkout.mutate(cart.id, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        showToast(errorMessage(error, messages.anErrorOccurred), 'danger');
      },
    });
  };
  return (
    <Button variant="success" size="lg" className="w-100 mb-2" onClick={pay} disabled={checkout.isPending}>
      Pay {formatUsd(cart.pricing.totalX100)} securely
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Button>
  );
}

/** Paid: where the delivery is, and the CSV again once it is delivered. */
function Purchased({ cart, email }: { cart: CartView; email: string }) {
  const state = cart.purchaseState;
  const download = useDownloadPurchaseCsv();
  return (
    <>
      <Alert variant="success" role="status">
        <Alert.Heading as="h2" className="h5">
          This contact list has been purchased
        </Alert.Heading>
        <p className="mb-0">
          Paid {showDateTime(cart.purchasedAt)}. The CSV file is emailed to{' '}
          <strong className="text-break">{email}</strong>, and the contacts appear in the Contact Library of
          your <Link to={paths.accountSettings.href()}>account settings</Link>.
        </p>
      </Alert>
      {state === 'delayed' ? (
        <Alert variant="warning" role="status">
          {PURCHASE_STATE_MESSAGES.delayed}
        </Alert>
      ) : state === 'delivering' ? (
        <div className="small text-body-secondary d-flex align-items-center gap-2 mb-3" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>{PURCHASE_STATE_MESSAGES.delivering}</span>
        </div>
      ) : state === 'delivered' ? (
        <div className="d-flex flex-wrap align-items-center gap-3">
          <p className="mb-0 small" role="status">
            {PURCHASE_STATE_MESSAGES.delivered}
          </p>
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => download.mutate(cart.id)}
            disabled={download.isPending}
          >
            {DOWNLOAD_CSV_AGAIN}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function AfterPurchase({ email }: { email: string }) {
  return (
    <>
      <h2 className="h5">After your purchase</h2>
      <ul className="mb-0">
        <li>
          The contact list is emailed to you as a CSV file
          {email ? (
            <>
              {' '}
              at <strong className="text-break">{email}</strong>
            </>
          ) : null}
          .
        </li>
        <li>
          The contacts appear later in the Contact Library of your{' '}
          <Link to={paths.accountSettings.href()}>account settings</Link>.
        </li>
      </ul>
    </>
  );
}

/**
 * Not in the spec (issue 32, in place of the spec's warning to copy this page's address): the founder
 * may leave this page; the cart is kept in their account and the Export Cart leads back here.
 */
export const COME_BACK_LATER =
  'You can leave this page: your cart is kept in your account, and the Export Cart brings you back to this purchase from any browser where you log in.';

/** Where to come back to this purchase, instead of an address to copy. */
function ComeBackNote() {
  return (
    <Alert variant="info" className="mb-3">
      <p className="small mb-0">
        {COME_BACK_LATER} <Link to={paths.cart.href()}>Open the Export Cart</Link>
      </p>
    </Alert>
  );
}

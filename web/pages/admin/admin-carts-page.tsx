import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import type { AdminCartsResponse, UnmatchedPaymentView } from '../../../shared/api/admin';
import { cartStatusLabel } from '../../../shared/cart/cart';
import { formatUsd } from '../../../shared/cart/pricing';
import type { PurchaseState } from '../../../shared/cart/purchase-state';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useAdminCarts, useUnmatchedPayments } from '../../api/get-admin-carts';
import { useRedeliverCart } from '../../api/redeliver-cart';
import { RequireAdmin } from '../../auth/guards';
import { showDateTime } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

type AdminCart = AdminCartsResponse['carts'][number];

/** `/admin/carts`: admins only. The 50 most recent carts as cards, newest first, then 50 more at a time. */
export function AdminCartsPage() {
  useDocumentTitle('Admin: Carts');
  return (
    <RequireAdmin>
      <AdminCarts />
    </RequireAdmin>
  );
}

/** Not in the spec: the buttons that load the next page of each list. */
export const LOAD_MORE_CARTS = 'Load more carts';
export const LOAD_MORE_PAYMENTS = 'Load more payments';

function LoadMore({
  label,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  label: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="text-center mt-3">
      <Button variant="outline-primary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}

function AdminCarts() {
  const carts = useAdminCarts();
  const loaded = carts.data?.pages.flatMap((page) => page.carts) ?? [];

  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <h1 className="h2 mb-4">Recent carts</h1>
      {carts.isPending ? (
        <LoadingMessage message={messages.loadingCarts} />
      ) : !carts.data ? (
        <Alert variant="danger">{errorMessage(carts.error, messages.anErrorOccurred)}</Alert>
      ) : (
        <>
          {loaded.length === 0 ? (
            <Alert variant="secondary">{messages.noCartsFound}</Alert>
          ) : (
            <Row as="ul" xs={1} md={2} xl={3} className="g-3 list-unstyled" aria-label="Recent carts">
              {loaded.map((cart) => (
                <Col as="li" key={cart.id}>
                  <CartCard cart={cart} />
                </Col>
              ))}
            </Row>
          )}
          <LoadMore
            label={LOAD_MORE_CARTS}
            hasNextPage={carts.hasNextPage}
            isFetchingNextPage={carts.isFetchingNextPage}
            fetchNextPage={carts.fetchNextPage}
          />
          {carts.isError ? (
            <Alert variant="danger" className="mt-3">
              {errorMessage(carts.error, messages.anErrorOccurred)}
            </Alert>
          ) : null}
          <UnmatchedPayments />
        </>
      )}
    </Container>
  );
}

/** Not in the spec: the purchase states as the admin carts page names them. */
export const PURCHASE_STATE_LABELS: Readonly<Record<PurchaseState, string>> = {
  open: 'Open',
  'awaiting-payment': 'Awaiting payment',
  'payment-pending': 'Payment pending',
  'payment-failed': 'Payment failed',
  flagged: 'Payment flagged',
  delivering: 'Delivering',
  delivered: 'Delivered',
  delayed: 'Delivery delayed',
  stuck: 'Delivery stuck',
};
/** Not in the spec: what a stuck cart's card says (docs/operations.md, "What to watch"). */
export const STUCK_DELIVERY =
  'Paid, but no delivery is running or done: its start failed or its run was lost. Redeliver it.';
/** Not in the spec. */
export const NO_UNMATCHED_PAYMENTS = 'No unmatched payments.';

/** Payments no cart could take: refund them in Stripe, or deliver by hand (docs/operations.md). */
function UnmatchedPayments() {
  const list = useUnmatchedPayments();
  const payments = list.data?.pages.flatMap((page) => page.payments) ?? [];
  return (
    <section className="mt-5" aria-labelledby="unmatched-payments">
      <h2 id="unmatched-payments" className="h4 mb-3">
        Unmatched payments
      </h2>
      {list.isPending ? (
        <LoadingMessage />
      ) : list.isError && payments.length === 0 ? (
        <Alert variant="danger">{errorMessage(list.error, messages.anErrorOccurred)}</Alert>
      ) : payments.length === 0 ? (
        <p className="text-body-secondary">{NO_UNMATCHED_PAYMENTS}</p>
      ) : (
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Checkout session</th>
              <th scope="col">Cart</th>
              <th scope="col">Amount</th>
              <th scope="col">Email</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment: UnmatchedPaymentView) => (
              <tr key={payment.checkoutSessionId}>
                <td>{showDateTime(payment.receivedAt)}</td>
                <td className="font-monospace small text-break">{payment.checkoutSessionId}</td>
                <td className="font-monospace small text-break">{payment.cartId ?? '—'}</td>
                <td>
                  {payment.amountX100 === null
                    ? '—'
                    : `${formatUsd(payment.amountX100)}${payment.currency && payment.currency !== 'usd' ? ` (${payment.currency})` : ''}`}
                </td>
                <td className="text-break">{payment.customerEmail ?? '—'}</td>
                <td className="small text-break">{payment.reason}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <LoadMore
        label={LOAD_MORE_PAYMENTS}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </section>
  );
}

function Redeliver({ cartId }: { cartId: string }) {
  const redeliver = useRedeliverCart();
  return (
    <div className="mt-2">
      <Button
        size="sm"
        variant="primary"
        onClick={() => redeliver.mutate(cartId)}
        disabled={redeliver.isPending}
      >
        Redeliver
      </Button>
      {redeliver.isError ? (
        <p className="small text-danger mt-1 mb-0">
          {errorMessage(redeliver.error, messages.anErrorOccurred)}
        </p>
      ) : null}
    </div>
  );
}

function CartCard({ cart }: { cart: AdminCart }) {
  const purchased = cart.status === 'purchased';
  return (
    <Card as="article" className="shadow-sm h-100" aria-label={`Cart ${cart.id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <h2 className="h6 mb-0 font-monospace text-break">{cart.id}</h2>
          <Badge bg={purchased ? 'success' : 'secondary'}>{cartStatusLabel(cart.status)}</Badge>
        </div>
        <p className="small mb-2">
          <span className="text-body-secondary">Purchase: </span>
          {PURCHASE_STATE_LABELS[cart.purchaseState]}
        </p>
        {cart.purchaseState === 'stuck' ? (
          <p className="small mb-2">
            <Badge bg="danger" className="me-2">
              Stuck
            </Badge>
            {STUCK_DELIVERY}
          </p>
        ) : null}
        {cart.deliveryFailure ? (
          <p className="small text-break mb-2">
            <Badge bg="warning" text="dark" className="me-2">
              Delivery failed
            </Badge>
            {cart.deliveryFailure}
          </p>
        ) : null}
        {cart.flaggedReason ? (
          <p className="mb-2">
            <Badge bg="danger" className="me-2">
              Flagged
            </Badge>
            <span className="small text-break">{cart.flaggedReason}</span>
          </p>
        ) : null}
        <SummaryList
          items={[
            // The creator's user record is gone (an account closed since): the spec's 'User not found'.
            {
              label: 'Creator',
              value: <span className="text-break">{cart.creatorEmail ?? messages.userNotFound}</span>,
            },
            { label: 'Started', value: showDateTime(cart.startedDate) },
            { label: 'Items', value: cart.itemCount.toLocaleString('en-US') },
            { label: 'Total', value: formatUsd(cart.totalX100) },
            ...(purchased ? [{ label: 'Purchased', value: showDateTime(cart.purchasedAt) }] : []),
            ...(cart.undeliveredCredited > 0
              ? [
                  {
                    label: 'Credited',
                    value: `${cart.undeliveredCredited} undelivered (no longer in the directory)`,
                  },
                ]
              : []),
          ]}
        />
        {cart.purchaseState === 'delayed' || cart.purchaseState === 'stuck' ? (
          <Redeliver cartId={cart.id} />
        ) : null}
      </Card.Body>
    </Card>
  );
}

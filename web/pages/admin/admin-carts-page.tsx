import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import type { AdminCartsResponse } from '../../../shared/api/admin';
import { cartStatusLabel } from '../../../shared/cart/cart';
import { formatUsd } from '../../../shared/cart/pricing';
import { formatDateTime } from '../../../shared/format/dates';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useAdminCarts } from '../../api/get-admin-carts';
import { RequireAdmin } from '../../auth/guards';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

type AdminCart = AdminCartsResponse['carts'][number];

const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `/admin/carts`: admins only. The 50 most recent carts as cards, newest first. */
export function AdminCartsPage() {
  useDocumentTitle('Admin: Carts');
  return (
    <RequireAdmin>
      <AdminCarts />
    </RequireAdmin>
  );
}

function AdminCarts() {
  const carts = useAdminCarts();
  const timeZone = localTimeZone();

  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <h1 className="h2 mb-4">Recent carts</h1>
      {carts.isPending ? (
        <LoadingMessage message={messages.loadingCarts} />
      ) : carts.isError ? (
        <Alert variant="danger">{errorMessage(carts.error, messages.anErrorOccurred)}</Alert>
      ) : carts.data.carts.length === 0 ? (
        <Alert variant="secondary">{messages.noCartsFound}</Alert>
      ) : (
        <Row as="ul" xs={1} md={2} xl={3} className="g-3 list-unstyled" aria-label="Recent carts">
          {carts.data.carts.map((cart) => (
            <Col as="li" key={cart.id}>
              <CartCard cart={cart} timeZone={timeZone} />
            </Col>
          ))}
        </Row>
      )}
    </Container>
  );
}

function CartCard({ cart, timeZone }: { cart: AdminCart; timeZone: string }) {
  const purchased = cart.status === 'purchased';
  return (
    <Card as="article" className="shadow-sm h-100" aria-label={`Cart ${cart.id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
          <h2 className="h6 mb-0 font-monospace text-break">{cart.id}</h2>
          <Badge bg={purchased ? 'success' : 'secondary'}>{cartStatusLabel(cart.status)}</Badge>
        </div>
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
            { label: 'Creator', value: <span className="text-break">{cart.creatorEmail ?? 'Unknown'}</span> },
            { label: 'Started', value: formatDateTime(cart.startedDate, timeZone) },
            { label: 'Items', value: cart.itemCount.toLocaleString('en-US') },
            { label: 'Total', value: formatUsd(cart.totalX100) },
            ...(purchased ? [{ label: 'Purchased', value: formatDateTime(cart.purchasedAt, timeZone) }] : []),
          ]}
        />
      </Card.Body>
    </Card>
  );
}

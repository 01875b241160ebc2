import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../shared/api/errors';
import { emptyCartNeedsConfirmation } from '../../../shared/cart/cart';
import type { CartInvestor } from '../../../shared/cart/cart-investor';
import {
  availableColumns,
  EXPORT_COLUMN_KEYS,
  type ExportColumnKey,
  exportColumnLabel,
  isContactColumn,
  leaveOutMissingLabel,
  type MissingContactColumn,
  maskedPreviewRows,
  missingColumnMessage,
  missingContactColumns,
  moveColumn,
} from '../../../shared/cart/export';
import { formatUsd, type PriceTier, tierForCount } from '../../../shared/cart/pricing';
import { ALREADY_BOUGHT } from '../../../shared/cart/purchase-state';
import { failedToSave, messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useCart } from '../../api/get-cart';
import { useBoughtInvestorIds } from '../../api/get-my-contacts';
import { useCartPreview } from '../../api/preview-cart';
import { useSaveCart } from '../../api/save-cart';
import { useAuth } from '../../auth/auth-provider';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import {
  emptyExportCart,
  removeInvestorFromExportCart,
  removeInvestorsFromExportCart,
  setExportCartColumns,
  setExportCartId,
  useExportCart,
  useExportCartKnown,
  useExportCartSaved,
} from '../../stores/export-cart';

/** The preview shows this many rows; the export has them all. Not in the spec. */
export const PREVIEW_ROW_LIMIT = 25;

function tierOf(count: number): PriceTier | null {
  try {
    return tierForCount(count);
  } catch {
    return null;
  }
}

/**
 * `/cart`: the export builder. The cart lives in local storage until it is saved: choose the columns,
 * check the masked preview and the price, then 'Save Cart & Purchase'.
 */
/** Not in the spec: the cart in this browser was bought already (its purchase page was never revisited). */
export const CART_ALREADY_PURCHASED =
  'This cart was purchased already: its contacts are in your Contact Library. Start a new cart to buy other contacts.';

/** Not in the spec (issue 32): a signed-in founder's cart is being read from the server. */
export const LOADING_CART = 'Loading your cart...';

/** Not in the spec (issue 32): this cart's payment page was opened; the purchase is waiting there. */
export const CART_AT_CHECKOUT = 'You opened the payment page of this cart: your purchase is waiting there.';

/** Not in the spec (issue 20): every investor has every chosen contact column. */
export const noContactsMissing = (count: number) =>
  count === 1
    ? 'This investor has every contact detail you chose.'
    : `All ${count.toLocaleString('en-US')} investors have every contact detail you chose.`;

/** Not in the spec: investors of the stored cart that are no longer in the directory. */
export const notInDirectoryMessage = (count: number) =>
  `${count.toLocaleString('en-US')} of these investors ${count === 1 ? 'is' : 'are'} no longer in the directory.`;

/** Not in the spec: how many of the cart's investors are in the founder's library already. */
export const alreadyBoughtInCart = (n: number) =>
  `${n.toLocaleString('en-US')} of these investors ${n === 1 ? 'is' : 'are'} already in your Contact Library.`;

export function ExportBuilderPage() {
  useDocumentTitle('Export Cart');
  const cart = useExportCart();
  const known = useExportCartKnown();
  const { loggedIn } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const saveCart = useSaveCart();
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const [previewPage, setPreviewPage] = useState(0);

  const items = cart?.items ?? [];
  const count = items.length;
  // The app learns that this cart was bought wherever it is opened, not only on its purchase page; a
  // cart never saved cannot have been, and is not asked about (it would answer 404).
  const cartSaved = useExportCartSaved();
  const saved = useCart(cart?.id ?? '', { enabled: loggedIn && count > 0 && cartSaved });
  const preview = useCartPreview(
    loggedIn ? (cart?.searchableInvestorEntryIds ?? []) : [],
    cart?.columnOrder ?? [],
  );
  const bought = useBoughtInvestorIds();
  const alreadyBoughtIds = (cart?.searchableInvestorEntryIds ?? []).filter((id) => bought.has(id));
  const alreadyBought =
    saved.data?.status === 'purchased' &&
    saved.data.searchableInvestorEntryIds.join('\n') === cart?.searchableInvestorEntryIds.join('\n');

  if (!known) return <LoadingMessage message={LOADING_CART} />;

  if (!cart || count === 0) {
    return (
      <Container>
        <h1 className="h2 mb-4">Export Cart</h1>
        <EmptyState message={messages.noInvestorsInCart}>
          <span>Add investors from a search, then choose the columns of your CSV here.</span>
          <LinkButton to={paths.findVc.href()} size="sm">
            Browse the VC Database
          </LinkButton>
        </EmptyState>
      </Container>
    );
  }

  const selected = cart.columnOrder;
  const available = availableColumns(selected);
  const tier = tierOf(count);
  // Today's cards when the server has answered (a card kept in the browser may be weeks old).
  const current = new Map((preview.data?.items ?? []).map((card) => [card.id, card]));
  const investors: CartInvestor[] = items.map((item) => current.get(item.id) ?? item.searchableInvestorEntry);
  const missing = missingContactColumns(investors, selected);
  const gone = preview.data
    ? preview.data.notInDirectory.filter((id) => cart.searchableInvestorEntryIds.includes(id))
    : [];
  // Every row can be reached (and removed): the preview pages through the cart, PREVIEW_ROW_LIMIT at a time.
  const pageCount = Math.max(1, Math.ceil(count / PREVIEW_ROW_LIMIT));
  const shownPage = Math.min(previewPage, pageCount - 1);
  const first = shownPage * PREVIEW_ROW_LIMIT;
  const previewInvestors = investors.slice(first, first + PREVIEW_ROW_LIMIT);
  const rows = maskedPreviewRows(investors, selected).slice(first, first + PREVIEW_ROW_LIMIT);

  const toggleColumn = (column: ExportColumnKey) => setExportCartColumns(moveColumn(selected, column));

  const requestEmpty = () => {
    if (emptyCartNeedsConfirmation(count)) setConfirmingEmpty(true);
    else emptyExportCart();
  };

  const save = async () => {
    const body = { investorIds: cart.searchableInvestorEntryIds, columnOrder: selected };
    try {
      let saved: Awaited<ReturnType<typeof saveCart.mutateAsync>>;
      try {
        saved = await saveCart.mutateAsync({ id: cart.id, ...body });
      } catch (error) {
        // The stored id belongs to a cart already purchased (or to someone else): save as a new cart.
        if (!(error instanceof ApiError && error.code === 'aborted')) throw error;
        saved = await saveCart.mutateAsync(body);
      }
      setExportCartId(saved.id);
      showToast(messages.cartSaved, 'success');
      navigate(paths.cartPurchase.href(saved.id));
    } catch (error) {
      showToast(failedToSave(errorMessage(error, messages.somethingWentWrong)), 'danger');
    }
  };

  if (alreadyBought && saved.data) {
    return (
      <Container>
        <h1 className="h2 mb-4">Export Cart</h1>
        <Alert variant="success" role="status">
          {CART_ALREADY_PURCHASED}
        </Alert>
        <div className="d-flex flex-wrap gap-2">
          <LinkButton to={paths.cartPurchase.href(saved.data.id)} variant="outline-primary">
            See the purchase
          </LinkButton>
          <Button variant="primary" onClick={() => emptyExportCart()}>
            Start a new cart
          </Button>
        </div>
      </Container>
    );
  }

  // The payment page of this very cart was opened (in this browser or another): lead back to it.
  const atCheckout =
    saved.data !== undefined &&
    saved.data.status === 'checkout' &&
    saved.data.searchableInvestorEntryIds.join('\n') === cart.searchableInvestorEntryIds.join('\n');

  return (
    <Container>
      <h1 className="h2 mb-4">Export Cart</h1>
      {atCheckout ? (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2" role="status">
          <span>{CART_AT_CHECKOUT}</span>
          <LinkButton to={paths.cartPurchase.href(cart.id)} size="sm">
            Continue your purchase
          </LinkButton>
        </Alert>
      ) : null}
      <Row className="g-4">
        <Col lg={4} className="order-lg-2">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5 mb-3">Summary</h2>
              <SummaryList
                items={[
                  { label: 'Investors', value: count.toLocaleString('en-US') },
                  { label: 'Fields selected', value: `${selected.length} of ${EXPORT_COLUMN_KEYS.length}` },
                  { label: 'Pricing tier', value: tier?.tierDescription ?? '—' },
                  { label: 'Total', value: tier ? formatUsd(tier.priceX100) : '—', total: true },
                ]}
              />
              {tier ? null : (
                <Alert variant="danger" className="mt-3 mb-0">
                  {messages.noTierFound}
                </Alert>
              )}
            </Card.Body>
            <Card.Footer className="bg-body d-grid gap-2">
              {loggedIn ? (
                <Button
                  variant="success"
                  onClick={() => void save()}
                  disabled={saveCart.isPending || selected.length === 0 || tier === null}
                >
                  {saveCart.isPending ? messages.saving : 'Save Cart & Purchase'}
                </Button>
              ) : (
                <Link to={paths.login.href()} state={{ from: paths.cart.href() }} className="btn btn-success">
                  Login to Purchase
                </Link>
              )}
              <Button variant="outline-danger" onClick={requestEmpty}>
                Empty Cart
              </Button>
            </Card.Footer>
          </Card>
        </Col>

        <Col lg={8} className="order-lg-1">
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Columns</h2>
              <p className="small text-body-secondary">
                Click a column to move it between available and selected. The export uses the selected
                columns, in this order.
              </p>
              <Row className="g-3">
                <Col sm={6}>
                  <h3 className="h6" id="available-columns">
                    Available
                  </h3>
                  <ul
                    className="list-unstyled d-flex flex-wrap gap-2 mb-0"
                    aria-labelledby="available-columns"
                  >
                    {available.length === 0 ? (
                      <li className="small text-body-secondary">All columns selected.</li>
                    ) : null}
                    {available.map((column) => (
                      <li key={column}>
                        <Button
                          variant="outline-primary"
                          size="sm"
                          className="column-chip"
                          onClick={() => toggleColumn(column)}
                        >
                          <span aria-hidden="true">+ </span>
                          {exportColumnLabel(column)}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </Col>
                <Col sm={6}>
                  <h3 className="h6" id="selected-columns">
                    Selected
                  </h3>
                  <ol
                    className="list-unstyled d-flex flex-wrap gap-2 mb-0"
                    aria-labelledby="selected-columns"
                  >
                    {selected.length === 0 ? <li className="small text-body-secondary">None.</li> : null}
                    {selected.map((column) => (
                      <li key={column}>
                        <Button
                          variant="primary"
                          size="sm"
                          className="column-chip"
                          onClick={() => toggleColumn(column)}
                        >
                          {exportColumnLabel(column)}
                          <span aria-hidden="true"> ×</span>
                        </Button>
                      </li>
                    ))}
                  </ol>
                </Col>
              </Row>
            </Card.Body>
          </Card>

          <MissingContacts
            missing={missing}
            total={count}
            chosenContactColumns={selected.filter(isContactColumn).length}
            gone={gone}
          />

          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Preview</h2>
              <p className="small text-body-secondary">
                {alreadyBoughtIds.length > 0 ? (
                  <span className="d-block mb-2">
                    {alreadyBoughtInCart(alreadyBoughtIds.length)}{' '}
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      onClick={() => removeInvestorsFromExportCart(alreadyBoughtIds)}
                    >
                      Leave out already bought
                    </Button>
                  </span>
                ) : null}
                Contact values are masked until you purchase; each shows when it was last confirmed.
                {count > PREVIEW_ROW_LIMIT
                  ? ` Showing rows ${first + 1}–${first + previewInvestors.length} of ${count}.`
                  : ''}
              </p>
              {selected.length === 0 ? (
                <Alert variant="warning" className="mb-0">
                  {messages.noColumnsSelected}
                </Alert>
              ) : (
                <Table responsive striped hover size="sm" className="mb-0 align-middle">
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                      {selected.map((column) => (
                        <th key={column} scope="col">
                          {exportColumnLabel(column)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={row.key}>
                        {/* First, so a phone's narrow table never hides it off to the right. */}
                        <td className="text-nowrap">
                          <Button
                            variant="link"
                            size="sm"
                            className="p-0 text-danger position-relative"
                            onClick={() => removeInvestorFromExportCart(row.key)}
                          >
                            Remove<span className="visually-hidden"> {previewInvestors[index]?.name}</span>
                          </Button>
                          {bought.has(row.key) ? (
                            <Badge bg="info" text="dark" className="ms-2">
                              {ALREADY_BOUGHT}
                            </Badge>
                          ) : null}
                        </td>
                        {row.cells.map((cell, cellIndex) => (
                          <td key={selected[cellIndex]}>
                            {cell}
                            {row.confirmed[cellIndex] ? (
                              <span className="d-block small text-body-secondary text-nowrap">
                                {row.confirmed[cellIndex]}
                              </span>
                            ) : null}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
              {pageCount > 1 ? (
                <nav aria-label="Preview pages" className="d-flex align-items-center gap-2 mt-3">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={shownPage === 0}
                    onClick={() => setPreviewPage(shownPage - 1)}
                  >
                    Previous
                  </Button>
                  <span className="small">
                    Page {shownPage + 1} of {pageCount}
                  </span>
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={shownPage >= pageCount - 1}
                    onClick={() => setPreviewPage(shownPage + 1)}
                  >
                    Next
                  </Button>
                </nav>
              ) : null}
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <ConfirmModal
        show={confirmingEmpty}
        title="Empty Cart"
        confirmLabel="Empty Cart"
        onConfirm={() => {
          emptyExportCart();
          setConfirmingEmpty(false);
        }}
        onCancel={() => setConfirmingEmpty(false)}
      >
        {messages.clearCartConfirm}
      </ConfirmModal>
    </Container>
  );
}

/**
 * Before saving (issue 20): for each chosen contact column, how many investors lack it ("12 of 50 have
 * no email"), with an action that leaves them out of the cart; the price follows the item count.
 */
function MissingContacts({
  missing,
  total,
  chosenContactColumns,
  gone,
}: {
  missing: readonly MissingContactColumn[];
  total: number;
  chosenContactColumns: number;
  gone: readonly string[];
}) {
  const lacking = missing.filter((column) => column.count > 0);
  if (chosenContactColumns === 0 && gone.length === 0) return null;
  const leaveOut = (ids: readonly string[]) => removeInvestorsFromExportCart(ids);
  return (
    <Card className="shadow-sm mb-4" as="section" aria-labelledby="missing-contacts-title">
      <Card.Body>
        <h2 className="h5" id="missing-contacts-title">
          Contact details in this export
        </h2>
        {lacking.length === 0 && gone.length === 0 ? (
          <p className="small mb-0">{noContactsMissing(total)}</p>
        ) : (
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {gone.length > 0 ? (
              <li className="d-flex flex-wrap align-items-center gap-2">
                <span>{notInDirectoryMessage(gone.length)}</span>
                <Button variant="outline-secondary" size="sm" onClick={() => leaveOut(gone)}>
                  Leave them out
                </Button>
              </li>
            ) : null}
            {lacking.map((column) => (
              <li key={column.column} className="d-flex flex-wrap align-items-center gap-2">
                <span>{missingColumnMessage(column.column, column.count, total)}</span>
                {/* Leaving out every investor would empty the cart: the column is the thing to drop then. */}
                {column.count < total ? (
                  <Button variant="outline-secondary" size="sm" onClick={() => leaveOut(column.investorIds)}>
                    {leaveOutMissingLabel(column.column, column.count)}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="small text-body-secondary mt-2 mb-0">
          The price follows the number of investors in the cart.
        </p>
      </Card.Body>
    </Card>
  );
}

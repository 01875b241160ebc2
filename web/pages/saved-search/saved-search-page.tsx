import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/errors';
import { type CartInvestor, isInCart } from '../../../shared/cart/cart';
import { messages, removedFromCart } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useOpenSavedSearch } from '../../api/saved-searches';
import { RequireUser } from '../../auth/guards';
import { showDate } from '../../components/dates';
import { EmptyState } from '../../components/empty-state';
import { LoadingMessage } from '../../components/loading-message';
import { ShortlistCard } from '../../components/shortlist-card';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { removeInvestorFromExportCart, useExportCart } from '../../stores/export-cart';
import { useAddToCart } from '../../stores/use-add-to-cart';

/** Not in the spec: a saved search that is not the founder's, or was deleted. */
export const SAVED_SEARCH_NOT_FOUND = 'This saved search does not exist, or it was deleted.';

/** `/saved-searches/{id}`: a saved search opened, the investors new since it was last opened marked (issue 35). */
export function SavedSearchPage() {
  return (
    <RequireUser>
      <SavedSearch />
    </RequireUser>
  );
}

function SavedSearch() {
  const { savedSearchId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const onlyNew = params.get('only') === 'new';
  const opened = useOpenSavedSearch(savedSearchId, onlyNew);
  const first = opened.data?.pages[0];
  useDocumentTitle(first ? first.savedSearch.name : 'Saved search');
  const cart = useExportCart();
  const add = useAddToCart();
  const { showToast } = useToast();

  if (opened.isPending) return <LoadingMessage />;
  if (opened.isError && opened.error instanceof ApiError && opened.error.status === 404)
    return (
      <Container>
        <Alert variant="secondary">
          {SAVED_SEARCH_NOT_FOUND}{' '}
          <Link to={paths.accountSettings.href()} className="alert-link">
            Your saved searches
          </Link>
        </Alert>
      </Container>
    );
  if (opened.isError || !first)
    return (
      <Container>
        <Alert variant="danger">{errorMessage(opened.error, messages.somethingWentWrong)}</Alert>
      </Container>
    );

  const { savedSearch, since } = first;
  const items = opened.data.pages.flatMap((page) => page.items);
  const remove = (investor: CartInvestor) => {
    removeInvestorFromExportCart(investor.id);
    showToast(removedFromCart(investor.name), 'info');
  };
  const newCount = savedSearch.newCount;
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to={paths.accountSettings.href()}>Saved searches</Link>
        <span aria-hidden="true"> › </span>
        <span>{savedSearch.name}</span>
      </nav>
      <h1 className="h2 mb-1 text-break">{savedSearch.name}</h1>
      <p className="text-body-secondary">
        {savedSearch.kind === 'shortlist' && savedSearch.projectId ? (
          <>
            The shortlist of{' '}
            <Link to={paths.projectInvestors.href(savedSearch.projectId)}>{savedSearch.projectName}</Link>,
            best fit first.{' '}
          </>
        ) : (
          <>
            A search of the directory
            {savedSearch.filterWords.length > 0 ? `: ${savedSearch.filterWords.join(' · ')}` : ''} (
            <Link to={`${paths.investorSearch.href()}?${new URLSearchParams(savedSearch.filters)}`}>
              open it as a search
            </Link>
            ).{' '}
          </>
        )}
        <span className="fw-semibold text-body" data-testid="new-since">
          {newCount === 0
            ? `Nothing new since ${showDate(since)}.`
            : `${newCount.toLocaleString('en-US')} new since ${showDate(since)}.`}
        </span>
      </p>
      <Form.Check
        type="switch"
        id="saved-search-only-new"
        className="mb-3"
        label="Show only what is new"
        checked={onlyNew}
        onChange={(e) => setParams(e.target.checked ? { only: 'new' } : {})}
      />
      {items.length === 0 ? (
        <EmptyState
          message={onlyNew ? 'Nothing new since you last opened it.' : messages.noInvestorsMatching}
        />
      ) : (
        <Row xs={1} md={2} lg={3} className="g-3">
          {items.map((item) => (
            <Col key={item.investor.id}>
              <ShortlistCard
                item={item}
                inCart={isInCart(cart, item.investor.id)}
                onAdd={add}
                onRemove={remove}
                pipelineProject={
                  savedSearch.kind === 'shortlist' && savedSearch.projectId && savedSearch.projectName
                    ? { id: savedSearch.projectId, name: savedSearch.projectName }
                    : undefined
                }
              />
            </Col>
          ))}
        </Row>
      )}
      {opened.hasNextPage ? (
        <div className="text-center mt-4">
          <Button
            variant="outline-secondary"
            onClick={() => void opened.fetchNextPage()}
            disabled={opened.isFetchingNextPage}
          >
            {opened.isFetchingNextPage ? 'Loading...' : `Load more (${items.length} of ${first.total} shown)`}
          </Button>
        </div>
      ) : null}
    </Container>
  );
}

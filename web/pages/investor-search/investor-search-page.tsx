import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router-dom';
import { type CartInvestor, isInCart } from '../../../shared/cart/cart';
import { messages, searchResultsHeader } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useBoughtInvestorIds } from '../../api/get-my-contacts';
import { type InvestorSearch, useInvestorSearch } from '../../api/search-investors';
import { useAuth } from '../../auth/auth-provider';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { getRuntimeConfig } from '../../config/runtime-config';
import { addInvestorToExportCart, useExportCart } from '../../stores/export-cart';
import { InvestorCard } from './investor-card';

/** The search the URL asks for: stageFocus first, then sectorFocus; null without either. */
export function searchFromParams(params: URLSearchParams): InvestorSearch | null {
  const stage = params.get('stageFocus')?.trim();
  if (stage) return { field: 'stageFocus', tag: stage };
  const sector = params.get('sectorFocus')?.trim();
  if (sector) return { field: 'sectorFocus', tag: sector };
  return null;
}

/** `/investors/search?stageFocus=…|sectorFocus=…`: investors with that tag, alphabetical by name. */
export function InvestorSearchPage() {
  const [params] = useSearchParams();
  const search = searchFromParams(params);
  useDocumentTitle(search ? `Search: ${search.tag}` : 'Investor Search');
  const results = useInvestorSearch(search);
  const { user, isAdmin } = useAuth();
  const { showToast } = useToast();
  const cart = useExportCart();
  const bought = useBoughtInvestorIds();
  const showDebugLinks = isAdmin && getRuntimeConfig().debugMappingLinks;

  const pages = results.data?.pages ?? [];
  // Pages come alphabetical by name (the server's name key) and are appended in that order, so loading
  // more never moves a card that is already on screen.
  const investors = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;

  const add = (investor: CartInvestor) => {
    const result = addInvestorToExportCart(investor, user?.userId ?? null);
    if (result.ok) showToast(`${investor.name} added to your export cart`, 'success');
    else showToast(result.message, result.code === 'already-in-cart' ? 'warning' : 'danger');
  };

  return (
    <Container>
      <h1 className="visually-hidden">Investor search</h1>
      <Form.Group className="mb-4" controlId="investor-search-box">
        <Form.Label className="fw-semibold">Search</Form.Label>
        <Form.Control
          readOnly
          value={search ? `${search.field}:${search.tag}` : ''}
          placeholder="Choose a stage or sector on the VC Database page"
        />
      </Form.Group>

      {search === null ? (
        <Alert variant="info">{messages.enterSearchTerm}</Alert>
      ) : results.isPending ? (
        <LoadingMessage message="Searching..." />
      ) : results.isError && pages.length === 0 ? (
        <Alert variant="danger">{errorMessage(results.error, messages.failedToFetchSearchResults)}</Alert>
      ) : (
        <>
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
            <h2 className="h4 mb-0">{searchResultsHeader(total)}</h2>
            {total > 0 ? (
              <Button
                variant="outline-primary"
                onClick={() => showToast(messages.comingSoonFunctionality, 'info')}
              >
                Add All Results to Export Cart
              </Button>
            ) : null}
          </div>

          {investors.length === 0 ? (
            <Alert variant="secondary">{messages.noInvestorsMatching}</Alert>
          ) : (
            <Row xs={1} md={2} xl={3} className="g-3">
              {investors.map((investor) => (
                <Col key={investor.id}>
                  <InvestorCard
                    investor={investor}
                    highlightedStage={search.field === 'stageFocus' ? search.tag : undefined}
                    highlightedSector={search.field === 'sectorFocus' ? search.tag : undefined}
                    inCart={isInCart(cart, investor.id)}
                    alreadyBought={bought.has(investor.id)}
                    onAdd={add}
                    showDebugLink={showDebugLinks}
                  />
                </Col>
              ))}
            </Row>
          )}

          {results.isFetchNextPageError ? (
            <Alert variant="danger" className="mt-3">
              {errorMessage(results.error, messages.failedToFetchSearchResults)}
            </Alert>
          ) : null}
          {results.hasNextPage ? (
            <div className="text-center mt-4">
              <Button
                variant="outline-secondary"
                onClick={() => void results.fetchNextPage()}
                disabled={results.isFetchingNextPage}
              >
                {results.isFetchingNextPage ? (
                  <>
                    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                    Loading...
                  </>
                ) : (
                  `Load more (${investors.length} of ${total.toLocaleString('en-US')} shown)`
                )}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}

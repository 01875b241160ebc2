import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_PATH_INVESTORS } from '../../../shared/api/network';
import type { TaxonomyResponse } from '../../../shared/api/taxonomy';
import { type AddManyPlan, type CartInvestor, isInCart, planAddMany } from '../../../shared/cart/cart';
import { MAX_CART_ITEMS } from '../../../shared/cart/pricing';
import { messages, removedFromCart, searchResultsHeader } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useWarmPaths } from '../../api/connections';
import { useBoughtInvestorIds } from '../../api/get-my-contacts';
import { useSaveSearch } from '../../api/saved-searches';
import { searchAllInvestors, useInvestorSearch, useSearchFacets } from '../../api/search-investors';
import { useTaxonomy } from '../../api/taxonomy';
import { useAuth } from '../../auth/auth-provider';
import { AddAllSummary, addedToCart, investorCount } from '../../components/add-many-summary';
import { CartTierNote } from '../../components/cart-tier-note';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { SaveSearchModal } from '../../components/save-search-modal';
import { entryNamed } from '../../components/taxonomy-combobox';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { cartRefusal } from '../../stores/cart-refusal';
import {
  addInvestorsToExportCart,
  readExportCart,
  removeInvestorFromExportCart,
  useExportCart,
} from '../../stores/export-cart';
import { useAddToCart, usePlace } from '../../stores/use-add-to-cart';
import { FilterPanel } from './filter-panel';
import { InvestorCard } from './investor-card';
import { SearchBox } from './search-box';
import { chipsOf, type InvestorSearch, paramsOf, searchFromParams, withFilter } from './search-params';

/**
 * `/investors/search?…`: the directory's search. Every filter lives in the URL (search-params.ts);
 * the box takes names and firms (or `stageFocus:seed`), the panel beside it combines filters with
 * counts, and the spec's single-tag links land here with their filter set.
 */
export function InvestorSearchPage() {
  const [params, setParams] = useSearchParams();
  const written = searchFromParams(params);
  // A link with an old spelling or a synonym (`sectorFocus=agtech`) lands on the entry it names, and
  // is searched once, by the taxonomy's spelling: the search waits for the taxonomy (small, and kept
  // for minutes) when the URL names a sector or a stage. If the taxonomy fails, the URL's words are searched.
  const taxonomy = useTaxonomy();
  const search = taxonomy.data ? onTaxonomy(written, taxonomy.data) : written;
  const settled = !(taxonomy.isPending && namesTaxonomyEntry(written));
  const results = useInvestorSearch(search, { enabled: settled });
  const facets = useSearchFacets(search, { enabled: settled });
  const chips = chipsOf(search, facets.data?.facets);
  useDocumentTitle(search ? `Search: ${chips.map((chip) => chip.value).join(', ')}` : 'Investor Search');
  const go = (next: InvestorSearch) => setParams(paramsOf(next));
  // The URL shows the taxonomy's spelling too (the search key is the same: nothing is searched again).
  const asWritten = written ? paramsOf(written).toString() : null;
  const canonical = search ? paramsOf(search).toString() : null;
  useEffect(() => {
    if (canonical !== null && canonical !== asWritten)
      setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, asWritten, setParams]);
  const { user: signedIn, isAdmin, isInvestor, status, whenKnown } = useAuth();
  // An investor account adds nothing to a cart: its adds are refused as carts are for founders.
  const user = isInvestor ? null : signedIn;
  const { showToast } = useToast();
  const navigate = useNavigate();
  const place = usePlace();
  const cart = useExportCart();
  const bought = useBoughtInvestorIds();
  const showDebugLinks = isAdmin && getRuntimeConfig().debugMappingLinks;

  const pages = results.data?.pages ?? [];
  // Pages come alphabetical by name (the server's name key) and are appended in that order, so loading
  // more never moves a card that is already on screen.
  const investors = pages.flatMap((page) => page.items);
  // The signed-in founder's warm paths to the cards shown (the first 100: one request; issue 52).
  const warm = useWarmPaths(
    investors.slice(0, MAX_PATH_INVESTORS).map((investor) => investor.id),
    signedIn !== null && !isInvestor,
  );
  const warmOf = new Map((warm.data?.paths ?? []).map((path) => [path.investorId, path]));
  const total = pages[0]?.total ?? 0;
  // The words typed matched nothing exactly: the closest words the directory holds, as a link.
  const didYouMean = pages[0]?.didYouMean ?? null;
  // The close matches of the typed words (the start of a word, a spelling near one): counted apart,
  // shown on request, or the answer when nothing matches exactly (docs/decisions.md).
  const closeMatches = pages[0]?.closeMatches ?? 0;
  const noExactMatch = pages[0]?.exact === false && total > 0;

  const [addAll, setAddAll] = useState<{ loading: boolean; plan: AddManyPlan | null }>({
    loading: false,
    plan: null,
  });
  const startAddAll = async () => {
    if (!search) return;
    // A click while the session is read waits for it: a signed-in founder is not sent to log in.
    const known = await whenKnown();
    if (!known.user && known.status !== 'unverified') {
      // Signed out: log in first, and come back to this search.
      navigate(paths.login.href(), { state: { from: place, notice: messages.loginToAddToCart } });
      return;
    }
    if (!known.user || known.isInvestor) {
      const refusal = cartRefusal(
        { ok: false, code: 'login-required', message: messages.loginToAddToCart },
        known.status,
        known.isInvestor,
      );
      showToast(refusal.message, refusal.variant, refusal.action);
      return;
    }
    setAddAll({ loading: true, plan: null });
    try {
      const present = readExportCart()?.searchableInvestorEntryIds.length ?? 0;
      const all = await searchAllInvestors(search, MAX_CART_ITEMS + present + bought.size);
      const plan = planAddMany(readExportCart(), all, bought);
      if (plan.toAdd.length === 0) {
        showToast(NOTHING_TO_ADD, 'info');
        setAddAll({ loading: false, plan: null });
      } else setAddAll({ loading: false, plan });
    } catch (error) {
      showToast(errorMessage(error, messages.failedToFetchSearchResults), 'danger');
      setAddAll({ loading: false, plan: null });
    }
  };
  const confirmAddAll = () => {
    if (!addAll.plan) return;
    const result = addInvestorsToExportCart(addAll.plan, user?.userId ?? null);
    if (result.ok) showToast(addedToCart(addAll.plan.toAdd.length), 'success');
    else {
      const refusal = cartRefusal(result, status, isInvestor);
      showToast(refusal.message, refusal.variant, refusal.action);
    }
    setAddAll({ loading: false, plan: null });
  };

  const add = useAddToCart();
  const saveSearch = useSaveSearch();
  const [savingSearch, setSavingSearch] = useState(false);

  const remove = (investor: CartInvestor) => {
    removeInvestorFromExportCart(investor.id);
    showToast(removedFromCart(investor.name), 'info');
  };

  return (
    <Container>
      <h1 className="visually-hidden">Investor search</h1>
      <SearchBox search={search} chips={chips} onSearch={go} />
      <Row className="g-4">
        <Col lg={3}>
          <FilterPanel search={search} facets={facets} onChange={go} />
        </Col>
        <Col lg={9}>
          {search === null ? (
            <EmptyState message={messages.enterSearchTerm}>
              <span>Type a name above, choose a filter, or start from the directory's types and tags.</span>
              <LinkButton to={paths.findVc.href()} size="sm" variant="outline-primary">
                Open the VC Database
              </LinkButton>
            </EmptyState>
          ) : results.isPending ? (
            <LoadingMessage message="Searching..." />
          ) : results.isError && pages.length === 0 ? (
            <Alert variant="danger">{errorMessage(results.error, messages.failedToFetchSearchResults)}</Alert>
          ) : (
            <>
              {noExactMatch && search.q ? (
                <p className="no-exact-match mb-1" data-testid="no-exact-match">
                  No exact match for “{search.q}”; showing close matches.
                </p>
              ) : null}
              {didYouMean ? (
                <p className="did-you-mean">
                  Did you mean{' '}
                  <Link to={`?${paramsOf(withFilter(search, 'q', didYouMean))}`} className="fw-semibold">
                    {didYouMean}
                  </Link>
                  ?
                </p>
              ) : null}
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
                <div>
                  <h2 className="h4 mb-0">{searchResultsHeader(total)}</h2>
                  <CartTierNote />
                </div>
                <div className="d-flex flex-wrap gap-2">
                  {user ? (
                    <Button variant="outline-secondary" onClick={() => setSavingSearch(true)}>
                      Save this search
                    </Button>
                  ) : null}
                  {total > 0 ? (
                    <Button
                      variant="outline-primary"
                      onClick={() => void startAddAll()}
                      disabled={addAll.loading}
                    >
                      {addAll.loading ? (
                        <>
                          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                          Loading all results...
                        </>
                      ) : (
                        'Add All Results to Export Cart'
                      )}
                    </Button>
                  ) : null}
                </div>
              </div>

              {closeMatches > 0 ? (
                <p className="also-close" data-testid="also-close">
                  Also close: {closeMatches.toLocaleString('en-US')} more that match part of your words or a
                  spelling near them.{' '}
                  <Link to={`?${paramsOf({ ...search, close: 'include' })}`} className="fw-semibold">
                    Show them too
                  </Link>
                </p>
              ) : search.close && !noExactMatch ? (
                <p className="also-close" data-testid="also-close">
                  Showing close matches too (after the exact ones).{' '}
                  <Link to={`?${paramsOf({ ...search, close: undefined })}`} className="fw-semibold">
                    Show exact matches only
                  </Link>
                </p>
              ) : null}

              {investors.length === 0 ? (
                <EmptyState message={messages.noInvestorsMatching}>
                  <span>Try fewer filters or another spelling.</span>
                  <Button size="sm" variant="outline-primary" onClick={() => go({})}>
                    Clear all filters
                  </Button>
                </EmptyState>
              ) : (
                <Row xs={1} md={2} className="g-3">
                  {investors.map((investor) => (
                    <Col key={investor.id}>
                      <InvestorCard
                        investor={investor}
                        highlightedStage={search.stageFocus}
                        highlightedSector={search.sectorFocus}
                        inCart={isInCart(cart, investor.id)}
                        alreadyBought={bought.has(investor.id)}
                        onAdd={add}
                        onRemove={remove}
                        showDebugLink={showDebugLinks}
                        warmPath={warmOf.get(investor.id)}
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
        </Col>
      </Row>
      <SaveSearchModal
        show={savingSearch}
        title="Save this search"
        defaultName={chips.map((chip) => chip.value).join(', ') || 'My search'}
        onSave={async (name) => {
          const { sort: _sort, close: _close, ...filters } = Object.fromEntries(paramsOf(search ?? {}));
          await saveSearch.mutateAsync({ name, filters });
          setSavingSearch(false);
          showToast(`Saved as "${name}". Your account page lists it with what is new.`, 'success');
        }}
        onCancel={() => setSavingSearch(false)}
      />
      <ConfirmModal
        show={addAll.plan !== null}
        title="Add all results to your export cart?"
        confirmLabel={addAll.plan ? `Add ${investorCount(addAll.plan.toAdd.length)}` : 'Add'}
        confirmVariant="primary"
        onConfirm={confirmAddAll}
        onCancel={() => setAddAll({ loading: false, plan: null })}
      >
        {addAll.plan ? <AddAllSummary plan={addAll.plan} /> : null}
      </ConfirmModal>
    </Container>
  );
}

/** Whether the search names a sector or a stage, which the taxonomy may spell another way. */
function namesTaxonomyEntry(search: InvestorSearch | null): boolean {
  return Boolean(search?.sectorFocus || search?.stageFocus);
}

/**
 * The search with its sector and stage as the taxonomy stores them (`agtech` → `food & agriculture`);
 * a value the taxonomy does not know stays as written.
 */
function onTaxonomy(search: InvestorSearch | null, taxonomy: TaxonomyResponse): InvestorSearch | null {
  if (!search) return null;
  const sector = search.sectorFocus ? entryNamed(taxonomy.sectors, search.sectorFocus) : null;
  const stage = search.stageFocus ? entryNamed(taxonomy.stages, search.stageFocus) : null;
  return {
    ...search,
    ...(sector ? { sectorFocus: sector.value } : {}),
    ...(stage ? { stageFocus: stage.value } : {}),
  };
}

/** Not in the spec: every result is in the cart or bought already. */
export const NOTHING_TO_ADD = 'Every result is already in your cart or in your contact library.';

export { AddAllSummary, addedToCart };

import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/errors';
import { TOP_N_DEFAULT } from '../../../shared/api/shortlist';
import {
  type AddManyPlan,
  type CartInvestor,
  cartItemCount,
  isInCart,
  planAddMany,
} from '../../../shared/cart/cart';
import { formatUsd, MAX_CART_ITEMS, PRICE_TIERS, tierRange } from '../../../shared/cart/pricing';
import { INVESTOR_ROLES, investorRoleLabel } from '../../../shared/investors/roles';
import { messages, removedFromCart } from '../../../shared/messages';
import { RAISE_INVITATION, raiseIsSet, raiseSummary } from '../../../shared/projects/raise';
import { FIT_BANDS, type FitBand } from '../../../shared/shortlist/fit';
import { sectorLabel } from '../../../shared/shortlist/taxonomy-port';
import { errorMessage } from '../../api/client';
import { useConnections } from '../../api/connections';
import { useBoughtInvestorIds } from '../../api/get-my-contacts';
import { useProject } from '../../api/get-project';
import { useSaveSearch } from '../../api/saved-searches';
import { topOfShortlist, usePass, useShortlist } from '../../api/shortlist';
import { useAuth } from '../../auth/auth-provider';
import { RequireUser } from '../../auth/guards';
import { AddAllSummary, addedToCart, investorCount } from '../../components/add-many-summary';
import { CartTierNote } from '../../components/cart-tier-note';
import { ConfirmModal } from '../../components/confirm-modal';
import { EmptyState } from '../../components/empty-state';
import { LoadingMessage } from '../../components/loading-message';
import { SaveSearchModal } from '../../components/save-search-modal';
import { NOT_A_FIT, ShortlistCard } from '../../components/shortlist-card';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { cartRefusal } from '../../stores/cart-refusal';
import {
  addInvestorsToExportCart,
  readExportCart,
  removeInvestorFromExportCart,
  useExportCart,
} from '../../stores/export-cart';
import { useAddToCart } from '../../stores/use-add-to-cart';

/** The shortlist's filters in the page's URL (the search's names), and its two choices. */
const FILTER_KEYS = ['role', 'country', 'has', 'bought', 'passed', 'rest'] as const;

/** The sections of the list (issue 49): fits, partial fits (one must-have missing, said), the rest when shown. */
const BAND_TITLES: Record<FitBand, string> = {
  fit: 'Fit: every must-have of your raise',
  partial: 'Partial fit — what is missing',
  other: 'The rest: two or more must-haves missing',
};

/** Not in the spec: every one of the top N is in the cart or bought already. */
export const TOP_ALL_PRESENT = 'The top investors are already in your cart or in your contact library.';

/** The tier a cart of `count` contacts falls in, in words: '$5.00 tier (up to 50)'. */
function tierWords(count: number): string {
  const tier = PRICE_TIERS.find((t) => count >= t.minItems && count <= t.maxItems);
  return tier
    ? `${formatUsd(tier.priceX100)} tier (${tierRange(tier)})`
    : `more than ${MAX_CART_ITEMS.toLocaleString('en-US')} cannot be bought`;
}

/** `/projects/{projectId}/investors`: the project's investors ranked by fit for its raise (issue 35). */
export function ShortlistPage() {
  return (
    <RequireUser>
      <Shortlist />
    </RequireUser>
  );
}

function Shortlist() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const view = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])),
  );
  const project = useProject(projectId);
  const results = useShortlist(projectId, view);
  useDocumentTitle(project.data ? `Investors for ${project.data.name}` : 'Investors who fit');
  const { user, status, isInvestor, whenKnown } = useAuth();
  const { showToast } = useToast();
  const cart = useExportCart();
  const bought = useBoughtInvestorIds();
  const add = useAddToCart();
  const pass = usePass(projectId);
  const saveSearch = useSaveSearch();
  const [saving, setSaving] = useState(false);
  const [topN, setTopN] = useState(String(TOP_N_DEFAULT));
  const [addTop, setAddTop] = useState<{ loading: boolean; plan: AddManyPlan | null }>({
    loading: false,
    plan: null,
  });
  const [country, setCountry] = useState(params.get('country') ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);

  const setView = (key: (typeof FILTER_KEYS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
    setParams(next);
  };

  if (project.isPending) return <LoadingMessage />;
  if (project.isError && project.error instanceof ApiError && project.error.status === 404)
    return (
      <Container>
        <Alert variant="secondary">
          This project does not exist, or it was deleted.{' '}
          <Link to={paths.account.href()} className="alert-link">
            Back to your projects
          </Link>
        </Alert>
      </Container>
    );
  if (project.isError || !project.data)
    return (
      <Container>
        <Alert variant="danger">{messages.failedToLoadProject}</Alert>
      </Container>
    );

  const pages = results.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  const counts = pages[0]?.counts ?? { fit: 0, partial: 0, other: 0 };
  // A raise that asks nothing: every investor is listed, unjudged (the API lists the rest then).
  const unjudged = counts.fit === 0 && counts.partial === 0 && total > 0 && total === counts.other;
  const restShown = params.get('rest') === 'show' || unjudged;
  const bands = FIT_BANDS.map((band) => ({ band, items: items.filter((item) => item.band === band) })).filter(
    (section) => section.items.length > 0,
  );
  const n = Math.max(1, Math.min(MAX_CART_ITEMS, Number.parseInt(topN, 10) || TOP_N_DEFAULT));
  const has = new Set((params.get('has') ?? '').split(',').filter(Boolean));

  const remove = (investor: CartInvestor) => {
    removeInvestorFromExportCart(investor.id);
    showToast(removedFromCart(investor.name), 'info');
  };

  const togglePass = async (investor: CartInvestor, passed: boolean) => {
    try {
      await pass.mutateAsync({ investorId: investor.id, passed });
      showToast(
        passed
          ? `${investor.name} marked ${NOT_A_FIT.toLowerCase()}`
          : `${investor.name} is back in the list`,
        'info',
      );
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    }
  };

  const startAddTop = async (event: FormEvent) => {
    event.preventDefault();
    // A click while the session is read waits for it (a founder is not refused for a moment).
    const known = await whenKnown();
    if (!known.user || known.isInvestor) {
      const refusal = cartRefusal(
        { ok: false, code: 'login-required', message: messages.loginToAddToCart },
        known.status,
        known.isInvestor,
      );
      showToast(refusal.message, refusal.variant, refusal.action);
      return;
    }
    setAddTop({ loading: true, plan: null });
    try {
      // The top N the founder has not bought nor marked not a fit, with the page's filters.
      const top = await topOfShortlist(projectId, { ...view, bought: 'hide', passed: 'hide' }, n);
      const plan = planAddMany(
        readExportCart(),
        top.map((item) => item.investor),
        bought,
      );
      if (plan.toAdd.length === 0) {
        showToast(TOP_ALL_PRESENT, 'info');
        setAddTop({ loading: false, plan: null });
      } else setAddTop({ loading: false, plan });
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
      setAddTop({ loading: false, plan: null });
    }
  };

  const confirmAddTop = () => {
    if (!addTop.plan) return;
    const result = addInvestorsToExportCart(addTop.plan, user?.userId ?? null);
    if (result.ok) showToast(addedToCart(addTop.plan.toAdd.length), 'success');
    else {
      const refusal = cartRefusal(result, status, isInvestor);
      showToast(refusal.message, refusal.variant, refusal.action);
    }
    setAddTop({ loading: false, plan: null });
  };

  const save = async (name: string) => {
    const filters = Object.fromEntries(
      Object.entries(view).filter(([key]) => key !== 'bought' && key !== 'passed' && key !== 'rest'),
    );
    await saveSearch.mutateAsync({ name, projectId, filters });
    setSaving(false);
    showToast(`Saved as "${name}". Your account page lists it with what is new.`, 'success');
  };

  const raise = project.data.raise;
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to={paths.project.href(projectId)}>{project.data.name}</Link>
        <span aria-hidden="true"> › </span>
        <span>Investors who fit</span>
      </nav>
      <h1 className="h2 mb-1 text-break">Investors for {project.data.name}</h1>
      {raiseIsSet(raise) && raise ? (
        <p className="text-body-secondary mb-3">
          Ranked for your raise: <span className="fw-semibold text-body">{raiseSummary(raise)}</span>
          {project.data.sectors.length > 0 ? ` · ${project.data.sectors.map(sectorLabel).join(', ')}` : ''} ·{' '}
          <Link to={paths.project.href(projectId)}>Edit raise</Link>
        </p>
      ) : (
        <Alert variant="info">
          {RAISE_INVITATION}:{' '}
          <Link to={paths.project.href(projectId)} className="alert-link">
            set it on your project
          </Link>
          . Until then, every investor is listed, those a founder can act on (an email, a cheque, stages)
          first, then those who confirmed their details themselves.
        </Alert>
      )}
      <p className="small text-body-secondary">
        Every investor is judged by the same rules on the same facts (stage, sectors, place, cheque, leading):
        nothing anyone paid changes the order.
      </p>
      <WarmPathsHint />

      <Row className="g-4">
        <Col lg={3}>
          {/* On a phone the filters fold behind a button, so the ranking comes first. */}
          <Button
            variant="outline-secondary"
            size="sm"
            className="d-lg-none mb-2"
            aria-expanded={filtersOpen}
            aria-controls="shortlist-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? 'Hide the filters' : 'Narrow the list'}
          </Button>
          <Card className={`shadow-sm ${filtersOpen ? '' : 'd-none'} d-lg-block`} id="shortlist-filters">
            <Card.Body>
              <h2 className="h6">Narrow the list</h2>
              <Form.Group className="mb-3" controlId="shortlist-role">
                <Form.Label className="small">Type</Form.Label>
                <Form.Select
                  size="sm"
                  value={params.get('role') ?? ''}
                  onChange={(e) => setView('role', e.target.value)}
                >
                  <option value="">Any type</option>
                  {INVESTOR_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {investorRoleLabel(role)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form
                className="mb-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  setView('country', country.trim());
                }}
              >
                <Form.Group controlId="shortlist-country">
                  <Form.Label className="small">Based in (country)</Form.Label>
                  <div className="d-flex gap-2">
                    <Form.Control size="sm" value={country} onChange={(e) => setCountry(e.target.value)} />
                    <Button type="submit" size="sm" variant="outline-secondary">
                      Apply
                    </Button>
                  </div>
                </Form.Group>
              </Form>
              <fieldset className="mb-3">
                <legend className="form-label small mb-1">Contact details</legend>
                {(['email', 'linkedin'] as const).map((kind) => (
                  <Form.Check
                    key={kind}
                    id={`shortlist-has-${kind}`}
                    label={kind === 'email' ? 'Has email' : 'Has LinkedIn'}
                    checked={has.has(kind)}
                    onChange={(e) => {
                      const next = new Set(has);
                      if (e.target.checked) next.add(kind);
                      else next.delete(kind);
                      setView('has', [...next].join(','));
                    }}
                  />
                ))}
              </fieldset>
              <Form.Check
                type="switch"
                id="shortlist-bought"
                label="Show investors you bought"
                checked={params.get('bought') !== 'hide'}
                onChange={(e) => setView('bought', e.target.checked ? null : 'hide')}
              />
              <Form.Check
                type="switch"
                id="shortlist-passed"
                label={`Show those marked ${NOT_A_FIT.toLowerCase()}`}
                checked={params.get('passed') === 'show'}
                onChange={(e) => setView('passed', e.target.checked ? 'show' : null)}
              />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={9}>
          <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
            <div>
              <h2 className="h4 mb-0">
                {results.isPending
                  ? 'Ranking…'
                  : unjudged
                    ? `${total.toLocaleString('en-US')} investors`
                    : `${counts.fit.toLocaleString('en-US')} fit your raise, ${counts.partial.toLocaleString('en-US')} partly`}
              </h2>
              {results.isPending || unjudged ? null : (
                <p className="small text-body-secondary mb-0">
                  Fits first, then partial fits: one must-have missing, said on each.{' '}
                  {counts.other > 0 ? (
                    <>
                      {`${counts.other.toLocaleString('en-US')} miss two or more of your must-haves${restShown ? ' (listed last).' : ' and are hidden.'}`}{' '}
                      <Button
                        variant="link"
                        size="sm"
                        className="p-0 align-baseline"
                        onClick={() => setView('rest', restShown ? null : 'show')}
                      >
                        {restShown ? 'Hide them' : `Show the ${counts.other.toLocaleString('en-US')} others`}
                      </Button>
                    </>
                  ) : null}
                </p>
              )}
              <CartTierNote />
            </div>
            <div className="d-flex flex-wrap gap-2 align-items-start">
              <Form
                className="d-flex flex-wrap align-items-center gap-2"
                onSubmit={(e) => void startAddTop(e)}
              >
                <Form.Label htmlFor="shortlist-top-n" className="mb-0 small">
                  Top
                </Form.Label>
                <Form.Control
                  id="shortlist-top-n"
                  type="number"
                  min={1}
                  max={MAX_CART_ITEMS}
                  size="sm"
                  style={{ width: '5.5rem' }}
                  value={topN}
                  onChange={(e) => setTopN(e.target.value)}
                  aria-describedby="shortlist-top-n-tier"
                />
                <Button type="submit" size="sm" disabled={addTop.loading || total === 0}>
                  {addTop.loading ? (
                    <>
                      <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                      Loading…
                    </>
                  ) : (
                    `Add the top ${n} to the cart`
                  )}
                </Button>
                <Form.Text id="shortlist-top-n-tier" className="w-100 mt-0">
                  With them your cart would be in the {tierWords(cartItemCount(cart) + n)}.
                </Form.Text>
              </Form>
              <Button size="sm" variant="outline-primary" onClick={() => setSaving(true)}>
                Save this shortlist
              </Button>
            </div>
          </div>

          {results.isPending ? (
            <LoadingMessage message="Ranking the directory for your raise..." />
          ) : results.isError && pages.length === 0 ? (
            <Alert variant="danger">{errorMessage(results.error, messages.somethingWentWrong)}</Alert>
          ) : items.length === 0 && counts.other === 0 ? (
            <EmptyState message="No investors match these filters.">
              <Button size="sm" variant="outline-primary" onClick={() => setParams(new URLSearchParams())}>
                Clear the filters
              </Button>
            </EmptyState>
          ) : items.length === 0 ? (
            <EmptyState message="No investor meets any must-have of your raise with these filters." />
          ) : (
            bands.map((section) => (
              <section key={section.band} aria-labelledby={`shortlist-band-${section.band}`} className="mb-4">
                <h2 id={`shortlist-band-${section.band}`} className="h5 mb-3">
                  {unjudged ? 'All investors' : BAND_TITLES[section.band]} (
                  {counts[section.band].toLocaleString('en-US')})
                </h2>
                <Row xs={1} md={2} className="g-3">
                  {section.items.map((item) => (
                    <Col key={item.investor.id}>
                      <ShortlistCard
                        item={item}
                        inCart={isInCart(cart, item.investor.id)}
                        onAdd={add}
                        onRemove={remove}
                        onPass={(investor, passed) => void togglePass(investor, passed)}
                        passing={pass.isPending}
                        pipelineProject={{ id: projectId, name: project.data.name }}
                      />
                    </Col>
                  ))}
                </Row>
              </section>
            ))
          )}
          {results.hasNextPage ? (
            <div className="text-center mt-4">
              <Button
                variant="outline-secondary"
                onClick={() => void results.fetchNextPage()}
                disabled={results.isFetchingNextPage}
              >
                {results.isFetchingNextPage
                  ? 'Loading...'
                  : `Load more (${items.length} of ${total.toLocaleString('en-US')} shown)`}
              </Button>
            </div>
          ) : null}
        </Col>
      </Row>

      <ConfirmModal
        show={addTop.plan !== null}
        title={`Add the top ${n} to your export cart?`}
        confirmLabel={addTop.plan ? `Add ${investorCount(addTop.plan.toAdd.length)}` : 'Add'}
        confirmVariant="primary"
        onConfirm={confirmAddTop}
        onCancel={() => setAddTop({ loading: false, plan: null })}
      >
        {addTop.plan ? <AddAllSummary plan={addTop.plan} /> : null}
      </ConfirmModal>
      <SaveSearchModal
        show={saving}
        title="Save this shortlist"
        defaultName={`${project.data.name}: investors who fit`}
        onSave={save}
        onCancel={() => setSaving(false)}
      />
    </Container>
  );
}

/** Until the founder uploads connections: where to, so the shortlist can say who can introduce them (issue 52). */
function WarmPathsHint() {
  const connections = useConnections();
  if (!connections.isSuccess || connections.data.count > 0) return null;
  return (
    <p className="small">
      <Link to={paths.connections.href()}>Upload your connections to see who can introduce you</Link>
    </p>
  );
}

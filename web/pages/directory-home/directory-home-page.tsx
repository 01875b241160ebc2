import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router-dom';
import { startingPrice } from '../../../shared/cart/pricing';
import { INVESTOR_ROLES, investorRoleLabel } from '../../../shared/investors/roles';
import { messages } from '../../../shared/messages';
import { sortStages } from '../../../shared/tags/display';
import { homeSectorCounts } from '../../../shared/tags/tag-counts';
import { errorMessage } from '../../api/client';
import { useDirectoryMetadata } from '../../api/get-directory-metadata';
import { useRoleCounts } from '../../api/get-role-counts';
import { FirstStep } from '../../components/first-step';
import { TagLink } from '../../components/tag-link';
import { TagList } from '../../components/tag-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { useHydrated, useLoadingUntilHydrated } from '../../components/use-hydrated';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { SearchBox } from '../investor-search/search-box';
import { type InvestorSearch, paramsOf } from '../investor-search/search-params';

/** Not in the spec: before the first aggregation there is no directory metadata. */
export const DIRECTORY_EMPTY = 'The directory has no investors yet.';

const formatCount = (count: number): string => count.toLocaleString('en-US');

/**
 * The investor count while it loads: its two lines, each the height of the line it stands for, so
 * the cards below stay where they are when the figures come (the prerendered page shows this).
 */
function InvestorCountLoading() {
  return (
    <>
      <Placeholder as="p" animation="glow" className="stat-value mb-1" aria-hidden="true">
        <Placeholder xs={5} />
      </Placeholder>
      <Placeholder as="p" animation="glow" className="small mb-0" aria-hidden="true">
        <Placeholder xs={9} />
      </Placeholder>
    </>
  );
}

/** The widths (in em of a tag's text) of the tags a directory usually shows: skeleton shapes, no data. */
const STAGE_TAG_WIDTHS = [6, 4, 5.6, 5.6, 5.6, 5.1, 6.9];
const SECTOR_TAG_WIDTHS = [8, 5.5, 8.3, 8.4, 9.6, 11.4];

/**
 * A tag list while it loads: pills laid out as the tags will be (they wrap alike at every width) and,
 * for a list that folds, the line of its toggle.
 */
function TagListLoading({ widths, folds = false }: { widths: readonly number[]; folds?: boolean }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 placeholder-glow" aria-hidden="true">
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {widths.map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of shapes, never reordered.
          <li key={index}>
            <span className="tag placeholder" style={{ width: `${width}em` }}>
              {'\u00a0'}
            </span>
          </li>
        ))}
      </ul>
      {folds ? (
        <span className="btn btn-link btn-sm p-0 tag-list-toggle placeholder" style={{ width: '11em' }}>
          {'\u00a0'}
        </span>
      ) : null}
    </div>
  );
}

/**
 * `/home` and `/find-vc`: the directory at a glance, with ways into the search. Both are prerendered
 * (shared/prerendered-pages.ts): until React has hydrated that HTML, the page shows what it was built
 * with, its text and the loading state, and neither the data nor the deployment's feedback address.
 */
export function DirectoryHomePage() {
  useDocumentTitle('VC Database');
  const metadata = useLoadingUntilHydrated(useDirectoryMetadata());
  const roleCounts = useLoadingUntilHydrated(useRoleCounts());
  const feedbackEmail = useHydrated() ? getRuntimeConfig().feedbackEmail : null;
  const navigate = useNavigate();
  // The search page's own box (issue 50), with its suggestions: searching opens the search page.
  const search = (next: InvestorSearch) => {
    const query = paramsOf(next).toString();
    navigate(query ? `${paths.investorSearch.href()}?${query}` : paths.investorSearch.href());
  };

  const stageTags = sortStages(metadata.data?.stageFocusWeighted.map((tag) => tag.tagKey) ?? []);
  const sectorCounts = homeSectorCounts(metadata.data?.sectorFocusWeighted ?? []);
  const sectorCountByTag = new Map(sectorCounts.map((tag) => [tag.tagKey, tag.count]));

  return (
    <Container>
      <header className="mb-4">
        <h1 className="h2 mb-1">VC Database</h1>
        <p className="text-body-secondary mb-0">
          Find investors by type, stage focus or sector focus, then add them to your export cart. Lists start
          at {startingPrice()}: <Link to={paths.pricing.href()}>see prices</Link>.
        </p>
      </header>

      <SearchBox search={null} chips={[]} onSearch={search} />

      <FirstStep />

      {metadata.isError ? (
        <Alert variant="danger">{errorMessage(metadata.error, messages.anErrorOccurred)}</Alert>
      ) : null}

      <Row className="g-4">
        <Col lg={4}>
          <Card className="shadow-sm mb-4 stat-card">
            <Card.Body>
              <h2 className="h6 text-uppercase text-body-secondary mb-2">Investors</h2>
              {metadata.isPending ? (
                <InvestorCountLoading />
              ) : (
                <p className="stat-value mb-1">{formatCount(metadata.data?.totalInvestors ?? 0)}</p>
              )}
              {metadata.data === null ? <p className="mb-0 small">{DIRECTORY_EMPTY}</p> : null}
              {metadata.data ? (
                <p className="small text-body-secondary mb-0">
                  {formatCount(metadata.data.totalInvestorsWithEmail)} with email ·{' '}
                  {formatCount(metadata.data.totalInvestorsWithLinkedIn)} with LinkedIn
                </p>
              ) : null}
            </Card.Body>
          </Card>

          <Card className="shadow-sm">
            <Card.Header as="h2" className="h6 mb-0 bg-body">
              Investor types
            </Card.Header>
            {roleCounts.isError ? (
              <Card.Body>
                <Alert variant="danger" className="mb-0">
                  {errorMessage(roleCounts.error, messages.anErrorOccurred)}
                </Alert>
              </Card.Body>
            ) : (
              <ListGroup variant="flush">
                {INVESTOR_ROLES.map((role) => (
                  <ListGroup.Item
                    key={role}
                    action
                    as={Link}
                    to={paths.investorSearch.href({ role })}
                    className="d-flex justify-content-between align-items-center"
                  >
                    <span>{investorRoleLabel(role)}</span>
                    <span className="badge text-bg-secondary rounded-pill">
                      {roleCounts.data ? formatCount(roleCounts.data.counts[role] ?? 0) : '…'}
                    </span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </Card>
        </Col>

        <Col lg={8}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Stage focus</h2>
              <p className="small text-body-secondary">
                Choose a stage to see the investors who invest at it.
              </p>
              {metadata.isPending ? (
                <TagListLoading widths={STAGE_TAG_WIDTHS} />
              ) : (
                <TagList
                  tags={stageTags}
                  things="stages"
                  label="Stage focus"
                  renderTag={(tag) => <TagLink field="stageFocus" tag={tag} />}
                />
              )}
            </Card.Body>
          </Card>

          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Sector focus</h2>
              <p className="small text-body-secondary">Number of investors per sector.</p>
              {metadata.isPending ? (
                <TagListLoading widths={SECTOR_TAG_WIDTHS} folds />
              ) : (
                <TagList
                  tags={sectorCounts.map((tag) => tag.tagKey)}
                  things="sectors"
                  label="Sector focus"
                  renderTag={(tag) => (
                    <TagLink field="sectorFocus" tag={tag} count={sectorCountByTag.get(tag)} />
                  )}
                />
              )}
            </Card.Body>
          </Card>

          <h2 className="h5 mb-3">Frequently asked questions</h2>
          <Row xs={1} md={2} className="g-3">
            <Col>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <h3 className="h6">Where does the data come from?</h3>
                  <p className="mb-0 small">
                    Investor records are imported from public sources and partner lists, each kept with its
                    source name and address, then merged so that every investor appears once.
                  </p>
                </Card.Body>
              </Card>
            </Col>
            <Col>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <h3 className="h6">How do I report incorrect data?</h3>
                  <p className="mb-0 small">
                    Use &ldquo;Report wrong data&rdquo; on an investor&apos;s card, profile page or in your
                    contact library (signed in), and we email you the outcome. Or email us at{' '}
                    {feedbackEmail ? (
                      <a href={`mailto:${feedbackEmail}`}>{feedbackEmail}</a>
                    ) : (
                      <span className="placeholder feedback-placeholder" aria-hidden="true" />
                    )}{' '}
                    with the investor&apos;s name and what should change. We review every report.
                  </p>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </Col>
      </Row>
    </Container>
  );
}

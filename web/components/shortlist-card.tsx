import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { FitReasonView, ShortlistItem } from '../../shared/api/shortlist';
import type { CartInvestor } from '../../shared/cart/cart';
import { ALREADY_BOUGHT } from '../../shared/cart/purchase-state';
import { formatCheckRange, formatPlaces } from '../../shared/format/money';
import { publicRoleLabel } from '../../shared/investors/roles';
import { REMOVE_FROM_CART } from '../../shared/messages';
import { paths } from '../config/paths';
import { AddToPipeline } from './add-to-pipeline';
import { IntroRequest } from './intro-request';

/** "+25" or "−15" (a minus sign, not a hyphen). */
export const pointsText = (points: number): string => (points > 0 ? `+${points}` : `−${Math.abs(points)}`);

/** The label of the "Not a fit" action and of its mark. */
export const NOT_A_FIT = 'Not a fit';

function Reasons({
  reasons,
  title,
  kind,
}: {
  reasons: FitReasonView[];
  title: string;
  kind: 'for' | 'against' | 'caution';
}) {
  if (reasons.length === 0) return null;
  return (
    <div className="mt-2">
      <h3 className="small fw-semibold text-body-secondary mb-1">{title}</h3>
      <ul className={`list-unstyled mb-0 small fit-reasons fit-reasons-${kind}`}>
        {reasons.map((reason) => (
          <li key={`${reason.criterion}:${reason.text}`} className="d-flex align-items-baseline gap-2">
            <span
              aria-hidden="true"
              className={
                kind === 'for'
                  ? 'text-success-emphasis'
                  : kind === 'against'
                    ? 'text-danger-emphasis'
                    : 'text-warning-emphasis'
              }
            >
              {kind === 'for' ? '✓' : kind === 'against' ? '✗' : '!'}
            </span>
            <span className="flex-grow-1">{reason.text}</span>
            {reason.points !== 0 ? (
              <span className="text-body-secondary text-nowrap">
                <span className="visually-hidden">, </span>
                {pointsText(reason.points)}
                <span className="visually-hidden"> points</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ShortlistCardProps {
  item: ShortlistItem;
  inCart: boolean;
  onAdd: (investor: CartInvestor) => void;
  onRemove: (investor: CartInvestor) => void;
  /** "Not a fit" and its undo; absent where the list has no project (a saved search). */
  onPass?: ((investor: CartInvestor, passed: boolean) => void) | undefined;
  passing?: boolean;
  /** The project whose pipeline "Add to pipeline" adds to (issue 36); without it the founder chooses. */
  pipelineProject?: { id: string; name: string } | undefined;
}

/**
 * One investor of a shortlist: who they are, their fit score, the reasons for (with the points of
 * each) and against (a must-have missed or not known) in a founder's words, whether they are bought, marked "Not a fit" or new, and
 * the cart and "Not a fit" actions.
 */
export function ShortlistCard({
  item,
  inCart,
  onAdd,
  onRemove,
  onPass,
  passing = false,
  pipelineProject,
}: ShortlistCardProps) {
  const { investor } = item;
  const headingId = `shortlist-${investor.id}`;
  const role = [investor.title, investor.firmName].filter(Boolean).join(' · ');
  const places = formatPlaces(investor.cities, investor.countries);
  const cheque = formatCheckRange(investor.checkMin, investor.checkMax);
  const forReasons = item.reasons.filter((reason) => reason.tone === 'for');
  // A must-have missed or not known. Recency against (issue 52: "no new deal in 2 years") and a
  // rare answer ("Replied to 10% of 12 founders who wrote") are never one, so each is said apart,
  // under its own heading.
  const said = (criterion: 'recency' | 'answers') =>
    item.reasons.filter((reason) => reason.tone === 'against' && reason.criterion === criterion);
  const against = item.reasons.filter(
    (reason) => reason.tone === 'against' && reason.criterion !== 'recency' && reason.criterion !== 'answers',
  );
  return (
    <Card
      as="article"
      className={`h-100 shadow-sm shortlist-card ${item.passed ? 'shortlist-card-passed' : ''}`}
      aria-labelledby={headingId}
    >
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-1">
          <Card.Title as="h2" id={headingId} className="h5 mb-0">
            <Link
              to={paths.investorProfile.href(investor.id)}
              className="link-body-emphasis text-decoration-none"
            >
              {investor.name}
            </Link>
          </Card.Title>
          {item.score !== null ? (
            <span className="badge rounded-pill text-bg-primary flex-shrink-0 fit-score">
              <span className="visually-hidden">Fit score </span>
              {item.score}
              <span aria-hidden="true"> pts</span>
            </span>
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-1 mb-2">
          {publicRoleLabel(investor.investorRole) ? (
            <Badge bg="secondary">{publicRoleLabel(investor.investorRole)}</Badge>
          ) : null}
          {item.isNew ? (
            <Badge bg="warning" text="dark">
              New
            </Badge>
          ) : null}
          {item.bought ? <Badge bg="info">{ALREADY_BOUGHT}</Badge> : null}
          {item.passed ? (
            <Badge bg="light" text="dark" className="border">
              Marked {NOT_A_FIT.toLowerCase()}
            </Badge>
          ) : null}
        </div>
        {role || places || cheque ? (
          <div className="small text-body-secondary">
            {role ? <p className="mb-1 text-body">{role}</p> : null}
            {places || cheque ? (
              <p className="mb-0">
                {[places, cheque ? `Cheque ${cheque}` : null].filter(Boolean).join(' · ')}
              </p>
            ) : null}
          </div>
        ) : null}
        <Reasons reasons={forReasons} title="Why they fit" kind="for" />
        <Reasons
          reasons={against}
          title={item.band === 'partial' ? 'What is missing' : 'What counts against'}
          kind="against"
        />
        <Reasons reasons={said('recency')} title="Deploying now" kind="caution" />
        <Reasons reasons={said('answers')} title="Will they answer" kind="caution" />
        {item.score !== null && item.reasons.length === 0 ? (
          <p className="small text-body-secondary mt-2 mb-0">
            Nothing known that fits or counts against your raise.
          </p>
        ) : null}

        <div className="d-flex flex-wrap align-items-center gap-2 mt-auto pt-3">
          {inCart ? (
            <>
              <span className="badge rounded-pill text-bg-success">
                <span aria-hidden="true">✓ </span>In cart
              </span>
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => onRemove(investor)}
                aria-label={`${REMOVE_FROM_CART}: ${investor.name}`}
              >
                {REMOVE_FROM_CART}
              </Button>
            </>
          ) : (
            <Button variant="primary" size="sm" onClick={() => onAdd(investor)}>
              Add to Export Cart
            </Button>
          )}
          <AddToPipeline
            investorId={investor.id}
            investorName={investor.name}
            size="sm"
            project={pipelineProject}
          />
          {item.warmPath ? (
            <IntroRequest path={item.warmPath} investor={investor} projectName={pipelineProject?.name} />
          ) : null}
          {onPass ? (
            <Button
              variant="outline-secondary"
              size="sm"
              className="ms-auto"
              disabled={passing}
              onClick={() => onPass(investor, !item.passed)}
              aria-label={
                item.passed
                  ? `Undo ${NOT_A_FIT.toLowerCase()}: ${investor.name}`
                  : `${NOT_A_FIT}: ${investor.name}`
              }
            >
              {item.passed ? 'Undo not a fit' : NOT_A_FIT}
            </Button>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}

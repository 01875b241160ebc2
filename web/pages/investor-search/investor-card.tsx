import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { WarmPathView } from '../../../shared/api/network';
import type { CartInvestor } from '../../../shared/cart/cart';
import { ALREADY_BOUGHT } from '../../../shared/cart/purchase-state';
import { formatCheckRange, formatPlaces } from '../../../shared/format/money';
import { publicRoleLabel } from '../../../shared/investors/roles';
import { REMOVE_FROM_CART } from '../../../shared/messages';
import { sortStages } from '../../../shared/tags/display';
import { AddToPipeline } from '../../components/add-to-pipeline';
import { ContactBadges, hasContactFields } from '../../components/contact-badges';
import { WarmPathLine } from '../../components/intro-request';
import { ReportWrongData } from '../../components/report-wrong-data';
import { TagLink } from '../../components/tag-link';
import { TagList } from '../../components/tag-list';
import { paths } from '../../config/paths';

export interface InvestorCardProps {
  investor: CartInvestor;
  /** The searched stage tag, highlighted in the card's stage list. */
  highlightedStage?: string | undefined;
  /** The searched sector tag, highlighted in the card's sector list. */
  highlightedSector?: string | undefined;
  inCart: boolean;
  /** In the founder's contact library already (bought in an earlier purchase). */
  alreadyBought?: boolean;
  onAdd: (investor: CartInvestor) => void;
  /** Takes the investor out of the cart again (the card then offers to add it). */
  onRemove?: (investor: CartInvestor) => void;
  /** Shown to admins when debug mapping links are on. */
  showDebugLink: boolean;
  /** Who the signed-in founder knows near this investor (issue 52): theirs only. */
  warmPath?: WarmPathView | undefined;
}

/**
 * Who the investor is at a glance: title and firm, where they invest, their cheque range. Lines
 * without data are left out (a card from an older cart may have none).
 */
export function InvestorFacts({ investor }: { investor: CartInvestor }) {
  const role = [investor.title, investor.firmName].filter(Boolean).join(' · ');
  const places = formatPlaces(investor.cities, investor.countries);
  const cheque = formatCheckRange(investor.checkMin, investor.checkMax);
  if (!role && !places && !cheque) return null;
  return (
    <div className="small text-body-secondary investor-facts">
      {role ? <p className="mb-1 text-body">{role}</p> : null}
      {places || cheque ? (
        <p className="mb-0">
          {places ? <span>{places}</span> : null}
          {places && cheque ? <span aria-hidden="true"> · </span> : null}
          {cheque ? <span>Cheque {cheque}</span> : null}
        </p>
      ) : null}
    </div>
  );
}

/** One search result: name, role, focus tags, which contact details exist, and the cart button. */
export function InvestorCard({
  investor,
  highlightedStage,
  highlightedSector,
  inCart,
  alreadyBought = false,
  onAdd,
  onRemove,
  showDebugLink,
  warmPath,
}: InvestorCardProps) {
  const headingId = `investor-${investor.id}`;
  return (
    <Card as="article" className="h-100 shadow-sm investor-card" aria-labelledby={headingId}>
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h2" id={headingId} className="mb-0">
            <Link
              to={paths.investorProfile.href(investor.id)}
              className="link-body-emphasis text-decoration-none"
            >
              {investor.name}
            </Link>
          </Card.Title>
          {publicRoleLabel(investor.investorRole) ? (
            <Badge bg="secondary" className="flex-shrink-0">
              {publicRoleLabel(investor.investorRole)}
            </Badge>
          ) : null}
        </div>
        <InvestorFacts investor={investor} />
        {warmPath ? <WarmPathLine path={warmPath} investor={investor} /> : null}
        {investor.thesisLine ? (
          // One line, cut with an ellipsis; the whole thesis is on the profile page (issue 33).
          <p className="small fst-italic mb-0 mt-2 investor-thesis-line" title={investor.thesisLine}>
            {investor.thesisLine}
          </p>
        ) : null}

        <h3 className="small fw-semibold text-body-secondary mb-1 mt-2">Stages</h3>
        <TagList
          tags={sortStages(investor.stageFocus)}
          highlighted={highlightedStage ? [highlightedStage] : []}
          things="stages"
          label={`Stages of ${investor.name}`}
          renderTag={(tag, highlighted) => <TagLink field="stageFocus" tag={tag} highlighted={highlighted} />}
        />
        <h3 className="small fw-semibold text-body-secondary mb-1 mt-3">Sectors</h3>
        <TagList
          tags={investor.sectorFocus}
          highlighted={highlightedSector ? [highlightedSector] : []}
          things="sectors"
          label={`Sectors of ${investor.name}`}
          renderTag={(tag, highlighted) => (
            <TagLink field="sectorFocus" tag={tag} highlighted={highlighted} />
          )}
        />

        {hasContactFields(investor) ? (
          <>
            <h3 className="small fw-semibold text-body-secondary mb-1 mt-3">Contact details</h3>
            <ContactBadges investor={investor} label={`Contact details of ${investor.name}`} />
          </>
        ) : null}

        <div className="d-flex flex-wrap align-items-center gap-2 mt-auto pt-3">
          {inCart ? (
            <>
              <span className="badge rounded-pill text-bg-success">
                <span aria-hidden="true">✓ </span>In cart
              </span>
              {onRemove ? (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() => onRemove(investor)}
                  aria-label={`${REMOVE_FROM_CART}: ${investor.name}`}
                >
                  {REMOVE_FROM_CART}
                </Button>
              ) : null}
            </>
          ) : (
            <Button variant="primary" size="sm" onClick={() => onAdd(investor)}>
              Add to Export Cart
            </Button>
          )}
          {alreadyBought ? (
            <Badge bg="info" text="dark">
              {ALREADY_BOUGHT}
            </Badge>
          ) : null}
          <AddToPipeline investorId={investor.id} investorName={investor.name} size="sm" />
          <ReportWrongData investorId={investor.id} investorName={investor.name} />
          {showDebugLink ? (
            <Link to={paths.admin.href({ searchableInvestorId: investor.id })} className="small ms-auto">
              Debug Mapping
            </Link>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}

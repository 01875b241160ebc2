import { type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useNavigate, useParams } from 'react-router-dom';
import type { InvestorProfile } from '../../../shared/api/directory';
import { isInCart } from '../../../shared/cart/cart';
import { formatCheckRange, formatCompactUsd } from '../../../shared/format/money';
import { type ContactKind, sourcePhrase, type ValueSource } from '../../../shared/investors/provenance';
import { publicRoleLabel } from '../../../shared/investors/roles';
import { messages } from '../../../shared/messages';
import { sortStages } from '../../../shared/tags/display';
import { errorMessage } from '../../api/client';
import { useWarmPaths } from '../../api/connections';
import { useInvestor } from '../../api/get-investor';
import { useBoughtContact } from '../../api/get-my-contacts';
import { useMovedInvestor } from '../../api/moved-investor';
import { useAuth } from '../../auth/auth-provider';
import { AddToPipeline } from '../../components/add-to-pipeline';
import { CartTierNote } from '../../components/cart-tier-note';
import { ContactBadges, hasContactFields } from '../../components/contact-badges';
import { WarmPathLine } from '../../components/intro-request';
import { LoadingMessage } from '../../components/loading-message';
import { ReportWrongData } from '../../components/report-wrong-data';
import { type SummaryItem, SummaryList } from '../../components/summary-list';
import { TagLink } from '../../components/tag-link';
import { TagList } from '../../components/tag-list';
import { UseCreditButton } from '../../components/use-credit-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { ContactSourceList, ValueSourceNote } from '../../components/value-source';
import { paths } from '../../config/paths';
import { useExportCart } from '../../stores/export-cart';
import { useAddToCart } from '../../stores/use-add-to-cart';
import { BoughtContactDetails, boughtLabel } from './bought-contact';
import { DeployingCard } from './deploying-card';
import { DealsCards, leadOrFollowLabel, ThesisCard, WebsiteLink } from './profile-facts';
import { ResponseTimesCard } from './response-times-card';
import { ThisIsMe } from './this-is-me';

/** Not in the spec: the profile of an id that names no investor. */
export const INVESTOR_NOT_FOUND = 'Investor not found';

const leads = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');

/** A profile fact's value with where it came from and when (issue 50), when the profile says. */
function withSource(value: ReactNode | null, source: ValueSource | null | undefined): ReactNode | null {
  if (value === null || value === '' || !source) return value;
  return (
    <>
      {value}
      <ValueSourceNote source={source} />
    </>
  );
}

/** The contact kinds the investor has values of, in card order. */
const contactKindsOf = (investor: InvestorProfile): ContactKind[] =>
  (
    [
      ['email', investor.hasEmail],
      ['phone', investor.hasPhone],
      ['linkedin', investor.hasLinkedIn],
      ['twitter', investor.hasTwitter],
      ['crunchbase', investor.hasCrunchbase],
    ] as const
  )
    .filter(([, has]) => has)
    .map(([kind]) => kind);

/** The facts of the profile as label/value lines, leaving out what the sources do not say. */
function facts(investor: InvestorProfile): SummaryItem[] {
  const confirmed = investor.profileConfirmed;
  const lines: [string, ReactNode | null][] = [
    ['Type', publicRoleLabel(investor.investorRole)],
    ['Title', investor.title ?? null],
    ['Firm', investor.firmName ?? null],
    ['Other firms', investor.otherFirms.join(', ') || null],
    ['Cities', investor.cities?.join(', ') || null],
    ['Countries', investor.countries?.join(', ') || null],
    ['Regions', investor.regions.join(', ') || null],
    [
      'Website',
      withSource(
        investor.website ? <WebsiteLink key="website" website={investor.website} /> : null,
        confirmed.website,
      ),
    ],
    ['Invests in', withSource(investor.geographicFocus.join(', ') || null, confirmed.geographicFocus)],
    ['Cheque size', formatCheckRange(investor.checkMin, investor.checkMax) ?? investor.checkSizeText],
    [
      'Typical cheque',
      withSource(
        investor.typicalCheque === null ? null : formatCompactUsd(investor.typicalCheque),
        confirmed.typicalCheque,
      ),
    ],
    [
      'Lead or follow',
      withSource(leadOrFollowLabel(investor.leadOrFollow), confirmed.leadOrFollow) ??
        (investor.leadsRounds === null ? null : leads(investor.leadsRounds)),
    ],
  ];
  return lines
    .filter((line): line is [string, ReactNode] => line[1] !== null && line[1] !== '')
    .map(([label, value]) => ({ label, value }));
}

/**
 * `/investors/:investorId`: everything public about one investor (never a contact value: only which
 * contact fields exist), with "Add to Export Cart"; for a founder who bought the investor, the values
 * they bought (from their own library, `GET /me/contacts/{investorId}`) and when, instead.
 */
export function InvestorProfilePage() {
  const { investorId = '' } = useParams();
  const investor = useInvestor(investorId);
  useDocumentTitle(investor.data?.name ?? 'Investor');
  const { user: signedIn, isInvestor } = useAuth();
  // An investor account has no library: its bought values are never asked for.
  const user = isInvestor ? null : signedIn;
  const cart = useExportCart();
  const addToCart = useAddToCart();
  // The founder's own bought values of this investor (never in the public profile's answer).
  const bought = useBoughtContact(user ? investorId : '');
  // Who the founder knows near this investor (their own connections, issue 52).
  const warm = useWarmPaths(user ? [investorId] : [], user !== null);
  const warmPath = warm.data?.paths.find((path) => path.investorId === investorId);
  // Not found: an old id (before issue 48) the founder's own data held goes to the investor's new id.
  const moved = useMovedInvestor(investorId, investor.data === null);
  const navigate = useNavigate();
  const movedTo = moved.data ?? null;
  useEffect(() => {
    if (movedTo) navigate(paths.investorProfile.href(movedTo), { replace: true });
  }, [movedTo, navigate]);

  if (investor.isPending || (investor.data === null && (moved.isLoading || movedTo)))
    return <LoadingMessage message="Loading investor..." />;
  if (investor.isError)
    return (
      <Container>
        <Alert variant="danger">{errorMessage(investor.error, messages.anErrorOccurred)}</Alert>
      </Container>
    );
  const profile = investor.data;
  if (!profile)
    return (
      <Container>
        <Alert variant="secondary">{INVESTOR_NOT_FOUND}</Alert>
      </Container>
    );

  // The cart keeps the card (toCartInvestor), not the whole profile.
  const add = () => addToCart(profile);
  const factsSourcePhrase = sourcePhrase(profile.factsSource);

  return (
    <Container>
      <header className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h2 mb-1">{profile.name}</h1>
          <p className="text-body-secondary mb-0">
            {[profile.title, profile.firmName].filter(Boolean).join(' · ') ||
              publicRoleLabel(profile.investorRole)}
          </p>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {/* One state at a time: bought (the values below), in the cart, or an add. */}
          {bought.data ? (
            <span className="badge text-bg-success fs-6 fw-semibold">{boughtLabel(bought.data)}</span>
          ) : isInCart(cart, profile.id) ? (
            <span className="small text-success-emphasis fw-semibold">In cart</span>
          ) : (
            <Button variant="primary" onClick={add}>
              Add to Export Cart
            </Button>
          )}
          <UseCreditButton investorId={profile.id} investorName={profile.name} />
          <AddToPipeline investorId={profile.id} investorName={profile.name} />
          <ReportWrongData investorId={profile.id} investorName={profile.name} />
          <CartTierNote className="w-100 text-md-end" />
        </div>
      </header>

      {warmPath ? (
        <section aria-label="Who you know there" className="mb-4">
          <WarmPathLine path={warmPath} investor={profile} />
        </section>
      ) : null}
      {bought.data ? <BoughtContactDetails contact={bought.data} /> : null}

      <ThesisCard profile={profile} />
      <DeployingCard profile={profile} />
      <Row className="g-4">
        <Col lg={5}>
          <Card className="shadow-sm">
            <Card.Body>
              <SummaryList items={facts(profile)} />
              {factsSourcePhrase ? (
                <p className="small text-body-secondary mb-0 mt-2 pt-2 border-top" data-testid="facts-source">
                  Type, title, firm, places, cheque range, stages and sectors: {factsSourcePhrase}
                </p>
              ) : null}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6">Stages</h2>
              <TagList
                tags={sortStages(profile.stageFocus)}
                highlighted={[]}
                things="stages"
                label={`Stages of ${profile.name}`}
                renderTag={(tag) => <TagLink field="stageFocus" tag={tag} />}
              />
              <h2 className="h6 mt-4">Sectors</h2>
              <TagList
                tags={profile.sectorFocus}
                highlighted={[]}
                things="sectors"
                label={`Sectors of ${profile.name}`}
                renderTag={(tag) => <TagLink field="sectorFocus" tag={tag} />}
              />
              <h2 className="h6 mt-4">Contact details in an export</h2>
              {hasContactFields(profile) ? (
                <>
                  <ContactBadges investor={profile} label="Contact details in an export" />
                  <ContactSourceList
                    kinds={contactKindsOf(profile)}
                    sources={profile.contactSources}
                    label="Where each contact detail comes from"
                  />
                </>
              ) : (
                <p className="mb-0 text-body-secondary">None on record.</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <ResponseTimesCard profile={profile} />
      <DealsCards profile={profile} />
      <ThisIsMe investorId={profile.id} investorName={profile.name} />
    </Container>
  );
}

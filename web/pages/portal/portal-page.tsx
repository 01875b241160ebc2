import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { BRAND, messages } from '../../../shared/messages';
import { usePortal } from '../../api/get-portal';
import { useAuth } from '../../auth/auth-provider';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** The one built-in portal, also reachable at /onboard/vcn. */
export const VCN_PORTAL_ID = 'vcn';

/** How an investor of the network joins (issue 21): each step runs in the portal's branding. */
export const INVESTOR_STEPS = [
  {
    title: 'Create your account',
    text: 'Register with your work email and verify it with the code we send.',
  },
  {
    title: 'Fill in your profile',
    text: 'Your firm, the stages and sectors you invest in, where, your cheque size and a short thesis: what founders search by. You choose which contact details founders may buy.',
  },
  {
    title: 'We review it, founders find you',
    text: 'We review every profile before it is listed. You can change yours at any time.',
  },
];

/** What founders see of an investor, said to the investor. */
export const WHAT_FOUNDERS_SEE = [
  'Your name, title and firm, where you invest and your cheque range.',
  'The stages and sectors you focus on, so the right founders find you.',
  'Which contact details exist, never the details themselves: founders get them only in a list they buy.',
];

/** The branded investor-portal onboarding page of one partner firm. */
export function PortalPage({ portalId }: { portalId: string }) {
  const portal = usePortal(portalId);
  const { loggedIn } = useAuth();

  useDocumentTitle(portal.data?.name ?? 'Investor Portal');

  if (portal.isPending) return <LoadingMessage />;
  if (portal.isError) {
    return (
      <Container as="main" className="py-5">
        <Alert variant="danger">{messages.somethingWentWrong}</Alert>
      </Container>
    );
  }
  if (!portal.data) {
    return (
      <Container as="main" className="py-5">
        <h1 className="h3">{messages.notFound}</h1>
      </Container>
    );
  }
  const { name, description, firm, fontFamily } = portal.data;
  return (
    <main className="min-vh-100 d-flex flex-column" style={fontFamily ? { fontFamily } : undefined}>
      <section className="splash-hero py-5">
        <Container className="py-lg-4">
          <p className="text-uppercase small fw-semibold mb-2" style={{ letterSpacing: '0.08em' }}>
            {firm.name} × {BRAND}
          </p>
          <h1 className="display-5 fw-bold mb-3">{name}</h1>
          <p className="lead mb-4" style={{ maxWidth: '40rem' }}>
            {description}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {loggedIn ? (
              <LinkButton to={paths.portalProfile.href(portalId)} variant="light" size="lg">
                Your investor profile
              </LinkButton>
            ) : (
              <>
                <LinkButton to={paths.portalRegister.href(portalId)} variant="light" size="lg">
                  Join as an investor
                </LinkButton>
                <LinkButton to={paths.portalLogin.href(portalId)} variant="outline-light" size="lg">
                  Login
                </LinkButton>
              </>
            )}
          </div>
        </Container>
      </section>
      <Container className="py-5 flex-grow-1">
        <Row className="g-4 mb-4">
          <Col lg={6}>
            <h2 className="h4 mb-3">For investors of {firm.name}</h2>
            <p>
              {name} is how {firm.name}&apos;s network of investors meets founders on {BRAND}: a directory
              founders search by stage, sector, place and cheque size.
            </p>
          </Col>
          <Col lg={6}>
            <h2 className="h4 mb-3">What founders see</h2>
            <ul className="mb-0">
              {WHAT_FOUNDERS_SEE.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Col>
        </Row>
        <h2 className="h4 mb-4">How an investor joins</h2>
        <Row xs={1} md={3} className="g-3">
          {INVESTOR_STEPS.map((step, index) => (
            <Col key={step.title}>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <p className="text-primary fw-bold mb-1">Step {index + 1}</p>
                  <h3 className="h5">{step.title}</h3>
                  <p className="mb-0">{step.text}</p>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
        {firm.website ? (
          <p className="mt-4 mb-0">
            Learn more about {firm.name} at{' '}
            <a href={firm.website} target="_blank" rel="noopener noreferrer">
              {firm.website.replace(/^https?:\/\//, '')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        ) : null}
      </Container>
    </main>
  );
}

/** `/onboard/vcn`. */
export function VcnPortalPage() {
  return <PortalPage portalId={VCN_PORTAL_ID} />;
}

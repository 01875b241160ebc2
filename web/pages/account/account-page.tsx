import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import type { PurchasedContactResponse } from '../../../shared/api/account';
import { DOWNLOAD_CSV_AGAIN } from '../../../shared/cart/purchase-state';
import { formatDate } from '../../../shared/format/dates';
import { messages } from '../../../shared/messages';
import { formatStartupStatuses, visibleTags } from '../../../shared/projects/project';
import { isNotFound } from '../../api/client';
import { useMe } from '../../api/get-me';
import { useMyContacts } from '../../api/get-my-contacts';
import { useProjects } from '../../api/get-projects';
import { useDownloadPurchaseCsv } from '../../api/get-purchase-csv';
import { useAuth } from '../../auth/auth-provider';
import { RequireUser } from '../../auth/guards';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { ReportWrongData } from '../../components/report-wrong-data';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { CreditsSection } from './credits-section';
import { LibraryValue } from './library-value';
import { NewProjectForm } from './new-project-form';
import { RefreshedCsvButton } from './refreshed-csv-button';
import { UpdateEmailsSetting } from './update-emails-setting';

const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `/account/settings` and `/account`: the signed-in user's account, contacts and projects. */
export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <RequireUser loadingMessage={messages.loadingAccountSettings}>
      <AccountSettings />
    </RequireUser>
  );
}

function AccountSettings() {
  const me = useMe();
  const { user } = useAuth();

  if (me.isPending) return <LoadingMessage message={messages.loadingAccountSettings} />;
  if (me.isError) {
    return (
      <Container>
        <Alert variant="danger">
          {isNotFound(me.error) ? messages.userProfileNotFound : messages.failedToFetchProfile}
        </Alert>
      </Container>
    );
  }

  return (
    <Container>
      <h1 className="h2 mb-4">Account</h1>
      <Row className="g-4">
        <Col lg={5}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <Form.Group controlId="account-email">
                <Form.Label className="fw-semibold">Email</Form.Label>
                <Form.Control type="email" value={me.data.email || user?.email || ''} readOnly />
              </Form.Group>
            </Card.Body>
          </Card>
          <CreditsSection />
          <UpdateEmailsSetting />
          <ContactLibrary />
        </Col>
        <Col lg={7}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5 mb-3">Projects</h2>
              <ProjectList />
            </Card.Body>
          </Card>
          <Card className="shadow-sm" id="new-project">
            <Card.Body>
              <NewProjectForm />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

/** Contact values some purchases include (issue 20): a column each, shown once any contact has one. */
const EXTRA_COLUMN_LABELS = { phone: 'Phone', twitterUrl: 'Twitter', crunchbaseUrl: 'Crunchbase' } as const;
type ExtraColumn = keyof typeof EXTRA_COLUMN_LABELS;

function ProfileLink({ url, name, site }: { url: string | null; name: string; site: string }) {
  if (!url) return '—';
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="position-relative">
      Profile
      <span className="visually-hidden">{` of ${name} on ${site} (opens in a new tab)`}</span>
    </a>
  );
}

function ContactLibrary() {
  const contacts = useMyContacts();
  const extra = (Object.keys(EXTRA_COLUMN_LABELS) as ExtraColumn[]).filter((column) =>
    contacts.data?.contacts.some((contact) => contact[column]),
  );
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5 mb-3">Contact Library</h2>
        {contacts.isPending ? (
          <LoadingMessage />
        ) : contacts.isError ? (
          <Alert variant="danger" className="mb-0">
            {messages.anErrorOccurred}
          </Alert>
        ) : contacts.data.contacts.length === 0 ? (
          <EmptyState message={messages.noContacts} tone="warning">
            <span>Contacts you buy are kept here.</span>
            <LinkButton to={paths.findVc.href()} size="sm">
              Browse the VC Database
            </LinkButton>
          </EmptyState>
        ) : (
          <>
            <PurchaseDownloads contacts={contacts.data.contacts} />
            <Table responsive size="sm" className="mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">LinkedIn</th>
                  {extra.map((column) => (
                    <th key={column} scope="col">
                      {EXTRA_COLUMN_LABELS[column]}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Report</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {contacts.data.contacts.map((contact) => (
                  <tr key={contact.searchableInvestorId}>
                    <td>{contact.name}</td>
                    <td className="text-break">
                      <LibraryValue contact={contact} field="email">
                        {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}
                      </LibraryValue>
                    </td>
                    <td className="text-break">
                      <LibraryValue contact={contact} field="linkedinUrl">
                        <ProfileLink url={contact.linkedinUrl} name={contact.name} site="LinkedIn" />
                      </LibraryValue>
                    </td>
                    {extra.map((column) => (
                      <td key={column} className="text-break">
                        <LibraryValue contact={contact} field={column}>
                          {column === 'phone' ? (
                            (contact.phone ?? '—')
                          ) : (
                            <ProfileLink
                              url={contact[column]}
                              name={contact.name}
                              site={EXTRA_COLUMN_LABELS[column]}
                            />
                          )}
                        </LibraryValue>
                      </td>
                    ))}
                    <td>
                      <ReportWrongData
                        investorId={contact.searchableInvestorId}
                        investorName={contact.name}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** One "Download CSV again" per purchase the library holds, newest first (a fresh 5-minute link each time). */
function PurchaseDownloads({ contacts }: { contacts: PurchasedContactResponse[] }) {
  const download = useDownloadPurchaseCsv();
  // When each purchase was paid (each counts its own 12 months of refreshed CSVs).
  const firstBought = new Map<string, string>();
  for (const contact of contacts) {
    for (const cartId of contact.cartIds)
      if (!firstBought.has(cartId) || contact.cartId === cartId) firstBought.set(cartId, contact.purchasedAt);
    for (const purchase of contact.purchases) firstBought.set(purchase.cartId, purchase.purchasedAt);
  }
  const cartIds = [...firstBought.keys()].sort().reverse();
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label="Your purchases">
      {cartIds.map((cartId) => (
        <li key={cartId}>
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => download.mutate(cartId)}
            disabled={download.isPending}
            aria-label={`${DOWNLOAD_CSV_AGAIN}: cart ${cartId}`}
          >
            {DOWNLOAD_CSV_AGAIN} <span className="font-monospace small">{cartId}</span>
          </Button>{' '}
          <RefreshedCsvButton cartId={cartId} purchasedAt={firstBought.get(cartId) ?? ''} />
        </li>
      ))}
    </ul>
  );
}

function ProjectList() {
  const projects = useProjects();
  if (projects.isPending) return <LoadingMessage />;
  if (projects.isError) {
    return (
      <Alert variant="danger" className="mb-0">
        {messages.anErrorOccurred}
      </Alert>
    );
  }
  if (projects.data.projects.length === 0) {
    return (
      <EmptyState message={messages.noProjects}>
        <a href="#new-project" className="btn btn-sm btn-outline-primary">
          Create your first project
        </a>
      </EmptyState>
    );
  }
  const timeZone = localTimeZone();
  return (
    <ListGroup>
      {projects.data.projects.map((project) => {
        const statuses = formatStartupStatuses(project.startupStatus);
        const sectors = visibleTags(project.sectors);
        return (
          <ListGroup.Item
            key={project.id}
            action
            as={Link}
            to={paths.project.href(project.id)}
            className="py-3"
          >
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold text-body">{project.name}</span>
              <span className="small text-body-secondary">
                Created {formatDate(project.createdAt, timeZone)}
              </span>
            </div>
            <p className="mb-1 small text-body-secondary text-truncate">{project.description}</p>
            {statuses ? <p className="mb-1 small">{statuses}</p> : null}
            {sectors.length > 0 ? (
              <div className="d-flex flex-wrap gap-1">
                {sectors.map((sector) => (
                  <span key={sector} className="tag tag-sector">
                    {sector}
                  </span>
                ))}
              </div>
            ) : null}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}

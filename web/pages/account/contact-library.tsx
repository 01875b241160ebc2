import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import {
  type ContactsResponse,
  CRM_FORMAT_LABELS,
  CRM_FORMATS,
  type PurchasedContactResponse,
} from '../../../shared/api/account';
import { DOWNLOAD_CSV_AGAIN } from '../../../shared/cart/purchase-state';
import type { LibrarySort, SortDirection } from '../../../shared/library/library-query';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useDownloadCrmExport } from '../../api/crm-export';
import { DEFAULT_LIBRARY_VIEW, type LibraryView, useMyContacts } from '../../api/get-my-contacts';
import { useDownloadPurchaseCsv } from '../../api/get-purchase-csv';
import { AddToPipeline } from '../../components/add-to-pipeline';
import { showDate, showDateTime } from '../../components/dates';
import { EmptyState } from '../../components/empty-state';
import { LibraryValue } from '../../components/library-value';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { ReportWrongData } from '../../components/report-wrong-data';
import { useToast } from '../../components/toast/toast-provider';
import { PHONE_WIDTH, useMediaQuery } from '../../components/use-media-query';
import { paths } from '../../config/paths';
import { RefreshedCsvButton } from './refreshed-csv-button';

/** Not in the spec (issue 32): the library's search box and order. */
export const LIBRARY_SEARCH_LABEL = 'Search your contacts';
export const LIBRARY_SEARCH_PLACEHOLDER = 'Name, firm or email';
export const LIBRARY_SORT_LABEL = 'Sort by';
export const LOAD_MORE_CONTACTS = 'Load more contacts';
export const CRM_EXPORT_LABEL = 'Export the whole library for your CRM';
export const CRM_EXPORT_FAILED = 'The CRM file could not be prepared. Please try again.';

/** The orders offered, each a sort and its direction. */
export const LIBRARY_ORDERS: readonly { sort: LibrarySort; order: SortDirection; label: string }[] = [
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
  { sort: 'firm', order: 'asc', label: 'Firm (A–Z)' },
  { sort: 'bought', order: 'desc', label: 'Date bought (newest first)' },
  { sort: 'bought', order: 'asc', label: 'Date bought (oldest first)' },
];

/** How long typing rests before the library is searched. */
const SEARCH_DELAY_MS = 250;

/** Contact values some purchases include (issue 20): a column each, shown once any contact has one. */
const EXTRA_COLUMN_LABELS = { phone: 'Phone', twitterUrl: 'Twitter', crunchbaseUrl: 'Crunchbase' } as const;
type ExtraColumn = keyof typeof EXTRA_COLUMN_LABELS;

const contactCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

function ProfileLink({ url, name, site }: { url: string | null; name: string; site: string }) {
  if (!url) return '—';
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="position-relative">
      Profile
      <span className="visually-hidden">{` of ${name} on ${site} (opens in a new tab)`}</span>
    </a>
  );
}

/** One bought value as the library shows it (a link where it is one), with its free-update marker. */
function ContactValue({
  contact,
  field,
}: {
  contact: PurchasedContactResponse;
  field: 'email' | 'linkedinUrl' | ExtraColumn;
}) {
  const value =
    field === 'email' ? (
      contact.email ? (
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      ) : (
        '—'
      )
    ) : field === 'phone' ? (
      contact.phone ? (
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
      ) : (
        '—'
      )
    ) : (
      <ProfileLink
        url={contact[field]}
        name={contact.name}
        site={field === 'linkedinUrl' ? 'LinkedIn' : EXTRA_COLUMN_LABELS[field]}
      />
    );
  return (
    <LibraryValue contact={contact} field={field}>
      {value}
    </LibraryValue>
  );
}

/**
 * The account page's Contact Library (issue 32): the whole width of the page, searched by name, firm
 * or email and sorted by name, firm or date bought on the server, a page at a time ("Load more");
 * a table at desktop width, cards on a phone; the purchases' CSVs and the whole library for a CRM.
 */
export function ContactLibrary() {
  const [text, setText] = useState('');
  const [view, setView] = useState<LibraryView>(DEFAULT_LIBRARY_VIEW);
  useEffect(() => {
    const timer = setTimeout(() => setView((v) => (v.q === text ? v : { ...v, q: text })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const contacts = useMyContacts(view);
  const phone = useMediaQuery(PHONE_WIDTH);
  const searchId = useId();

  const first = contacts.data?.pages[0];
  const rows = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];
  const searching = view.q.trim() !== '';

  return (
    <Card className="shadow-sm mb-4 contact-library" id="library">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 className="h5 mb-0">Contact Library</h2>
          {first && first.total > 0 ? <CrmExport /> : null}
        </div>
        {contacts.isPending ? (
          <LoadingMessage />
        ) : contacts.isError && !first ? (
          <Alert variant="danger" className="mb-0">
            {messages.anErrorOccurred}
          </Alert>
        ) : !first || (first.total === 0 && !searching && rows.length === 0) ? (
          <EmptyState message={messages.noContacts} tone="warning">
            <span>Contacts you buy are kept here.</span>
            <LinkButton to={paths.findVc.href()} size="sm">
              Browse the VC Database
            </LinkButton>
          </EmptyState>
        ) : (
          <>
            <PurchaseDownloads purchases={first.purchases} />
            <Form
              className="library-toolbar d-flex flex-wrap align-items-end gap-3 mb-2"
              role="search"
              aria-label="Your contacts"
              onSubmit={(event) => {
                event.preventDefault();
                setView((v) => ({ ...v, q: text }));
              }}
            >
              <Form.Group className="library-search" controlId={`${searchId}-q`}>
                <Form.Label className="small fw-semibold mb-1">{LIBRARY_SEARCH_LABEL}</Form.Label>
                <Form.Control
                  type="search"
                  size="sm"
                  value={text}
                  placeholder={LIBRARY_SEARCH_PLACEHOLDER}
                  maxLength={100}
                  onChange={(event) => setText(event.target.value)}
                />
              </Form.Group>
              <Form.Group controlId={`${searchId}-sort`}>
                <Form.Label className="small fw-semibold mb-1">{LIBRARY_SORT_LABEL}</Form.Label>
                <Form.Select
                  size="sm"
                  value={`${view.sort}:${view.order}`}
                  onChange={(event) => {
                    const chosen = LIBRARY_ORDERS.find((o) => `${o.sort}:${o.order}` === event.target.value);
                    if (chosen) setView((v) => ({ ...v, sort: chosen.sort, order: chosen.order }));
                  }}
                >
                  {LIBRARY_ORDERS.map((o) => (
                    <option key={`${o.sort}:${o.order}`} value={`${o.sort}:${o.order}`}>
                      {o.label}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Form>
            <p className="small text-body-secondary mb-2" role="status" data-testid="library-count">
              {librarySummary(rows.length, first, view.q.trim())}
            </p>
            {rows.length === 0 ? (
              <EmptyState message={`No contacts match “${view.q.trim()}”.`}>
                <Button variant="outline-secondary" size="sm" onClick={() => setText('')}>
                  Clear the search
                </Button>
              </EmptyState>
            ) : phone ? (
              <LibraryCards contacts={rows} />
            ) : (
              <LibraryTable contacts={rows} view={view} />
            )}
            {contacts.hasNextPage ? (
              <div className="text-center mt-3">
                <Button
                  variant="outline-primary"
                  onClick={() => void contacts.fetchNextPage()}
                  disabled={contacts.isFetchingNextPage}
                >
                  {contacts.isFetchingNextPage ? 'Loading...' : LOAD_MORE_CONTACTS}
                </Button>
              </div>
            ) : null}
            {contacts.isError ? (
              <Alert variant="danger" className="mt-3 mb-0">
                {errorMessage(contacts.error, messages.anErrorOccurred)}
              </Alert>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** "3 contacts", "Showing 50 of 120 contacts", "2 of 120 contacts match “ada”". */
export function librarySummary(shown: number, first: ContactsResponse, search: string): string {
  if (search)
    return `${first.matching.toLocaleString('en-US')} of ${contactCount(first.total)} match “${search}”`;
  if (shown < first.total) return `Showing ${shown.toLocaleString('en-US')} of ${contactCount(first.total)}`;
  return contactCount(first.total);
}

/** The extra value columns the loaded rows need. */
const extraColumns = (contacts: readonly PurchasedContactResponse[]): ExtraColumn[] =>
  (Object.keys(EXTRA_COLUMN_LABELS) as ExtraColumn[]).filter((column) =>
    contacts.some((contact) => contact[column] || contact.updates.some((u) => u.field === column)),
  );

const ariaSort = (view: LibraryView, sort: LibrarySort) =>
  view.sort === sort ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined;

function LibraryTable({ contacts, view }: { contacts: PurchasedContactResponse[]; view: LibraryView }) {
  const extra = extraColumns(contacts);
  return (
    <Table responsive size="sm" className="mb-0 align-middle library-table">
      <thead>
        <tr>
          <th scope="col" aria-sort={ariaSort(view, 'name')}>
            Name
          </th>
          <th scope="col" aria-sort={ariaSort(view, 'firm')}>
            Firm
          </th>
          <th scope="col">Email</th>
          <th scope="col">LinkedIn</th>
          {extra.map((column) => (
            <th key={column} scope="col">
              {EXTRA_COLUMN_LABELS[column]}
            </th>
          ))}
          <th scope="col" aria-sort={ariaSort(view, 'bought')}>
            Bought
          </th>
          <th scope="col">
            <span className="visually-hidden">Pipeline and report</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <tr key={contact.searchableInvestorId}>
            <td>
              <Link to={paths.investorProfile.href(contact.searchableInvestorId)}>{contact.name}</Link>
            </td>
            <td>{contact.firm ?? '—'}</td>
            <td className="text-break">
              <ContactValue contact={contact} field="email" />
            </td>
            <td className="text-nowrap">
              <ContactValue contact={contact} field="linkedinUrl" />
            </td>
            {extra.map((column) => (
              <td key={column} className={column === 'phone' ? 'text-nowrap' : undefined}>
                <ContactValue contact={contact} field={column} />
              </td>
            ))}
            <td className="text-nowrap">{showDate(contact.purchasedAt)}</td>
            <td className="text-nowrap">
              <div className="d-flex gap-2 align-items-center">
                <AddToPipeline
                  investorId={contact.searchableInvestorId}
                  investorName={contact.name}
                  size="sm"
                />
                <ReportWrongData investorId={contact.searchableInvestorId} investorName={contact.name} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The library on a phone: one card a contact, each value under its label. */
function LibraryCards({ contacts }: { contacts: PurchasedContactResponse[] }) {
  const extra = extraColumns(contacts);
  return (
    <ul className="list-unstyled mb-0 library-cards" aria-label="Your contacts">
      {contacts.map((contact) => (
        <li key={contact.searchableInvestorId} className="library-card">
          <h3 className="h6 mb-0">
            <Link to={paths.investorProfile.href(contact.searchableInvestorId)}>{contact.name}</Link>
          </h3>
          <p className="small text-body-secondary mb-2">
            {[contact.firm, `Bought ${showDate(contact.purchasedAt)}`].filter(Boolean).join(' · ')}
          </p>
          <dl className="library-card-values mb-2">
            {(['email', 'linkedinUrl', ...extra] as const).map((field) => (
              <div key={field}>
                <dt>
                  {field === 'email'
                    ? 'Email'
                    : field === 'linkedinUrl'
                      ? 'LinkedIn'
                      : EXTRA_COLUMN_LABELS[field]}
                </dt>
                <dd className="text-break mb-0">
                  <ContactValue contact={contact} field={field} />
                </dd>
              </div>
            ))}
          </dl>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <AddToPipeline investorId={contact.searchableInvestorId} investorName={contact.name} size="sm" />
            <ReportWrongData investorId={contact.searchableInvestorId} investorName={contact.name} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The whole library as a CRM's import file, one button a CRM. */
function CrmExport() {
  const download = useDownloadCrmExport();
  const { showToast } = useToast();
  return (
    <fieldset className="d-flex flex-wrap align-items-center gap-2 crm-export">
      <legend className="small text-body-secondary mb-0 me-1 float-none w-auto">
        Export for your CRM <span className="visually-hidden">(the whole library as a CSV file)</span>
      </legend>
      {CRM_FORMATS.map((format) => (
        <Button
          key={format}
          variant="outline-primary"
          size="sm"
          disabled={download.isPending}
          aria-label={`${CRM_EXPORT_LABEL}: ${CRM_FORMAT_LABELS[format]} CSV`}
          onClick={() => download.mutate(format, { onError: () => showToast(CRM_EXPORT_FAILED, 'danger') })}
        >
          {CRM_FORMAT_LABELS[format]}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * One "Download CSV again" per purchase the library holds, newest first (a fresh 5-minute link each
 * time), named by the day it was bought (with the time when two purchases share a day): a founder
 * knows a purchase by when they made it, not by an id.
 */
function PurchaseDownloads({ purchases }: { purchases: ContactsResponse['purchases'] }) {
  const download = useDownloadPurchaseCsv();
  if (purchases.length === 0) return null;
  const days = purchases.map(({ purchasedAt }) => showDate(purchasedAt));
  const named = (purchasedAt: string, index: number) =>
    days.filter((day) => day === days[index]).length > 1 ? showDateTime(purchasedAt) : showDate(purchasedAt);
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label="Your purchases">
      {purchases.map(({ cartId, purchasedAt }, index) => {
        const when = named(purchasedAt, index);
        return (
          <li key={cartId}>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => download.mutate(cartId)}
              disabled={download.isPending}
              aria-label={`${DOWNLOAD_CSV_AGAIN}: purchase of ${when}`}
            >
              {DOWNLOAD_CSV_AGAIN} <span className="small">· bought {when}</span>
            </Button>{' '}
            <RefreshedCsvButton cartId={cartId} purchasedAt={purchasedAt} purchaseName={when} />
          </li>
        );
      })}
    </ul>
  );
}

import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { type MappingLookup, useMappingDebug } from '../../api/get-mapping-debug';
import { LoadingMessage } from '../../components/loading-message';
import { ContactSheetPanel } from './contact-sheet-panel';
import { ProfileFactsPanel } from './profile-facts-panel';
import { importedInvestorFields, RecordTable, searchableInvestorFields } from './record-tables';

/**
 * The lookup the page's query asks for: `importedInvestorId`, else `searchableInvestorId` (the search
 * results' 'Debug Mapping' links); null without either.
 */
export function lookupFromParams(params: URLSearchParams): MappingLookup | null {
  const imported = params.get('importedInvestorId')?.trim();
  if (imported) return { kind: 'importedInvestorId', value: imported };
  const searchable = params.get('searchableInvestorId')?.trim();
  if (searchable) return { kind: 'searchableInvestorId', value: searchable };
  return null;
}

/**
 * The mapping debugger: loads an imported investor (by email, or directly from the query parameters)
 * and shows it and the searchable entry it is linked to as tables of their fields, with the entry's contact
 * values, where each came from, and a form to correct them.
 */
export function MappingDebugger() {
  const [params, setParams] = useSearchParams();
  const fromParams = lookupFromParams(params);
  const [email, setEmail] = useState('');
  const [emailLookup, setEmailLookup] = useState<string | null>(null);
  // A record named in the URL wins: following a 'Debug Mapping' link always shows that record.
  const lookup: MappingLookup | null =
    fromParams ?? (emailLookup ? { kind: 'email', value: emailLookup } : null);
  const result = useMappingDebug(lookup);

  const load = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (value === '') return;
    setEmailLookup(value);
    if (fromParams) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('importedInvestorId');
          next.delete('searchableInvestorId');
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <Card as="section" className="shadow-sm" aria-labelledby="mapping-debugger-title">
      <Card.Body>
        <h2 className="h4" id="mapping-debugger-title">
          Mapping Debugger
        </h2>
        <p className="small text-body-secondary">
          Shows an imported investor record and the searchable entry it is mapped to.
        </p>
        <Form onSubmit={load} className="mb-3" noValidate>
          <Row className="g-2 align-items-end">
            <Col>
              <Form.Group controlId="mapping-debugger-email">
                <Form.Label>Email address</Form.Label>
                <Form.Control
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="investor@example.com"
                  autoComplete="off"
                />
              </Form.Group>
            </Col>
            <Col xs="auto">
              <Button type="submit" disabled={email.trim() === ''}>
                Load
              </Button>
            </Col>
          </Row>
        </Form>

        {lookup === null ? (
          <Alert variant="secondary" className="mb-0">
            {messages.mappingDebuggerEmpty}
          </Alert>
        ) : result.isPending ? (
          <LoadingMessage />
        ) : result.isError ? (
          <Alert variant="danger" className="mb-0">
            {errorMessage(result.error, messages.somethingWentWrong)}
          </Alert>
        ) : (
          <>
            <p className="small mb-2">
              Loaded by {LOOKUP_LABELS[lookup.kind]} <code className="text-break">{lookup.value}</code>
            </p>
            <Row className="g-3">
              <Col lg={6}>
                <RecordTable
                  caption="Imported investor"
                  fields={[
                    { label: 'Imported investor id', value: result.data.importedInvestor.id },
                    ...importedInvestorFields(result.data.importedInvestor),
                  ]}
                />
              </Col>
              <Col lg={6}>
                {result.data.searchableInvestor ? (
                  <RecordTable
                    caption="Searchable investor"
                    fields={searchableInvestorFields(result.data.searchableInvestor)}
                  />
                ) : (
                  <>
                    <h3 className="h6">Searchable investor</h3>
                    <Alert variant="warning" className="mb-0">
                      Not mapped yet: this imported investor has no searchable entry.
                    </Alert>
                  </>
                )}
              </Col>
            </Row>
            {result.data.contacts ? (
              <ContactSheetPanel
                key={`${result.data.contacts.investorId}:${result.data.contacts.updatedAt}`}
                sheet={result.data.contacts}
              />
            ) : null}
            {result.data.profile ? (
              <ProfileFactsPanel
                key={`${result.data.profile.investorId}:${result.data.profile.updatedAt}`}
                sheet={result.data.profile}
              />
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

const LOOKUP_LABELS: Readonly<Record<MappingLookup['kind'], string>> = {
  email: 'email',
  importedInvestorId: 'imported investor id',
  searchableInvestorId: 'searchable investor id',
};

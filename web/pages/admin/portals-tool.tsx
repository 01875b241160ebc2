import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import {
  type AdminPortal,
  PORTAL_FONT_LABELS,
  type PortalFont,
  portalFontOf,
} from '../../../shared/api/portals';
import { messages } from '../../../shared/messages';
import { useAdminPortals, useSavePortal } from '../../api/admin-portals';
import { errorMessage } from '../../api/client';
import { useToast } from '../../components/toast/toast-provider';
import { getRuntimeConfig } from '../../config/runtime-config';

/** Not in the spec: the Portals tool's confirmations. */
export const PORTAL_CREATED = 'Portal created';
export const PORTAL_SAVED = 'Portal saved';

/** The address of a portal: its subdomain of the product's root domain, on this page's scheme and port. */
export function portalAddress(
  label: string,
  location: Pick<Location, 'protocol' | 'port'> = window.location,
) {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${label}.${getRuntimeConfig().rootDomain}${port}/`;
}

interface Draft {
  urlIdentifier: string;
  name: string;
  description: string;
  firmName: string;
  firmWebsite: string;
  font: PortalFont;
}

const EMPTY: Draft = {
  urlIdentifier: '',
  name: '',
  description: '',
  firmName: '',
  firmWebsite: '',
  font: 'system',
};

const draftOf = (portal: AdminPortal): Draft => ({
  urlIdentifier: portal.urlIdentifier,
  name: portal.name,
  description: portal.description,
  firmName: portal.firm.name,
  firmWebsite: portal.firm.website,
  font: portalFontOf(portal.fontFamily),
});

/**
 * The Portals tool: every partner portal with its address, and a form to add one or edit one (its
 * subdomain is fixed once created: links to it are out in the world). CloudFront and DNS already serve
 * every subdomain, so a saved portal is live at once.
 */
export function PortalsTool() {
  const id = useId();
  const portals = useAdminPortals();
  const save = useSavePortal();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const startEdit = (portal: AdminPortal) => {
    setEditing(portal.urlIdentifier);
    setDraft(draftOf(portal));
    setError(null);
  };
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { urlIdentifier, ...fields } = draft;
    try {
      if (editing) await save.mutateAsync({ label: editing, fields });
      else await save.mutateAsync({ create: { urlIdentifier, ...fields } });
      showToast(editing ? PORTAL_SAVED : PORTAL_CREATED, 'success');
      reset();
    } catch (failure) {
      setError(errorMessage(failure, messages.somethingWentWrong));
    }
  };

  return (
    <Card as="section" className="shadow-sm" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 className="h4" id={`${id}-title`}>
          Portals
        </h2>
        <p className="small text-body-secondary">
          Partner firms' investor onboarding pages, each at its own subdomain. A new portal is live as soon as
          it is saved.
        </p>
        {portals.isError ? (
          <Alert variant="danger">{errorMessage(portals.error, messages.anErrorOccurred)}</Alert>
        ) : portals.isPending ? (
          <p className="small text-body-secondary">Loading portals...</p>
        ) : (
          <Table size="sm" responsive className="small">
            <thead>
              <tr>
                <th scope="col">Subdomain</th>
                <th scope="col">Name</th>
                <th scope="col">Firm</th>
                <th scope="col">Font</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {portals.data.portals.map((portal) => (
                <tr key={portal.urlIdentifier}>
                  <td>
                    <a href={portalAddress(portal.urlIdentifier)} target="_blank" rel="noopener noreferrer">
                      {portal.urlIdentifier}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </td>
                  <td>{portal.name}</td>
                  <td>{portal.firm.name}</td>
                  <td>{PORTAL_FONT_LABELS[portalFontOf(portal.fontFamily)]}</td>
                  <td className="text-end">
                    <Button variant="link" size="sm" className="p-0" onClick={() => startEdit(portal)}>
                      Edit <span className="visually-hidden">{portal.urlIdentifier}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}

        <Form
          onSubmit={(event) => void submit(event)}
          aria-label={editing ? `Edit portal ${editing}` : 'Add a portal'}
        >
          <h3 className="h6">{editing ? `Edit portal ${editing}` : 'Add a portal'}</h3>
          <Row className="g-2">
            <Col md={4}>
              <Form.Group controlId={`${id}-label`}>
                <Form.Label className="small">Subdomain</Form.Label>
                <Form.Control
                  value={draft.urlIdentifier}
                  onChange={set('urlIdentifier')}
                  disabled={editing !== null}
                  placeholder="acme"
                  aria-describedby={`${id}-label-help`}
                />
                <Form.Text id={`${id}-label-help`}>
                  {draft.urlIdentifier
                    ? portalAddress(draft.urlIdentifier.toLowerCase())
                    : 'Fixed once created.'}
                </Form.Text>
              </Form.Group>
            </Col>
            <Col md={8}>
              <Form.Group controlId={`${id}-name`}>
                <Form.Label className="small">Name</Form.Label>
                <Form.Control value={draft.name} onChange={set('name')} placeholder="Acme Investor Portal" />
              </Form.Group>
            </Col>
            <Col xs={12}>
              <Form.Group controlId={`${id}-description`}>
                <Form.Label className="small">Description</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  value={draft.description}
                  onChange={set('description')}
                />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId={`${id}-firm`}>
                <Form.Label className="small">Firm</Form.Label>
                <Form.Control value={draft.firmName} onChange={set('firmName')} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId={`${id}-website`}>
                <Form.Label className="small">Firm website</Form.Label>
                <Form.Control
                  type="url"
                  value={draft.firmWebsite}
                  onChange={set('firmWebsite')}
                  placeholder="https://"
                />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId={`${id}-font`}>
                <Form.Label className="small">Font</Form.Label>
                <Form.Select value={draft.font} onChange={set('font')}>
                  {(Object.keys(PORTAL_FONT_LABELS) as PortalFont[]).map((font) => (
                    <option key={font} value={font}>
                      {PORTAL_FONT_LABELS[font]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
          </Row>
          {error ? (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          ) : null}
          <div className="d-flex gap-2 mt-3">
            <Button type="submit" disabled={save.isPending}>
              {editing ? 'Save portal' : 'Add portal'}
            </Button>
            {editing ? (
              <Button variant="outline-secondary" onClick={reset}>
                Cancel
              </Button>
            ) : null}
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

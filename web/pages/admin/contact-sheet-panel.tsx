import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import type { ContactCorrectionBody } from '../../../shared/api/admin';
import {
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  type ContactField,
  type ContactKind,
  type ContactSheet,
} from '../../../shared/investors/provenance';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useCorrectInvestorContacts } from '../../api/correct-investor-contacts';
import { showDate } from '../../components/dates';
import { useToast } from '../../components/toast/toast-provider';

/** Not in the spec: what a saved correction says. */
export const CONTACTS_CORRECTED = 'Contact details corrected';

/** The source's name, linked to the import's file when it has a URL. */
function sourceOf(field: ContactField) {
  return field.source.url ? (
    <a href={field.source.url} target="_blank" rel="noreferrer">
      {field.source.name}
    </a>
  ) : (
    field.source.name
  );
}

const initialValues = (sheet: ContactSheet): Record<ContactKind, string> =>
  Object.fromEntries(CONTACT_KINDS.map((kind) => [kind, sheet.fields[kind]?.value ?? ''])) as Record<
    ContactKind,
    string
  >;

/**
 * An investor's contact sheet as the admin sees it: each value with its source, when it changed and
 * when it was last confirmed, and a form to correct them. Only the fields changed are sent: a
 * value is set, an emptied one removed; each becomes an 'admin correction' of today.
 */
export function ContactSheetPanel({ sheet }: { sheet: ContactSheet }) {
  const [values, setValues] = useState(() => initialValues(sheet));
  const correct = useCorrectInvestorContacts();
  const { showToast } = useToast();
  const current = initialValues(sheet);
  const changed = CONTACT_KINDS.filter((kind) => values[kind].trim() !== current[kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ContactCorrectionBody = {};
    for (const kind of changed) body[kind] = values[kind].trim() === '' ? null : values[kind].trim();
    try {
      const result = await correct.mutateAsync({ investorId: sheet.investorId, body });
      setValues(initialValues(result.contacts));
      showToast(CONTACTS_CORRECTED, 'success');
    } catch {
      // The error is shown under the form.
    }
  };

  return (
    <section aria-labelledby="contact-sheet-title" className="mt-3">
      <h3 className="h6" id="contact-sheet-title">
        Contact details and where they came from
      </h3>
      <Table responsive size="sm" className="small align-middle" aria-labelledby="contact-sheet-title">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">Source</th>
            <th scope="col">Changed</th>
            <th scope="col">Last confirmed</th>
          </tr>
        </thead>
        <tbody>
          {CONTACT_KINDS.map((kind) => {
            const field = sheet.fields[kind];
            return (
              <tr key={kind}>
                <th scope="row">{CONTACT_KIND_LABELS[kind]}</th>
                <td className="text-break">{field ? (field.value ?? <em>removed</em>) : '—'}</td>
                <td>{field ? sourceOf(field) : '—'}</td>
                <td>{field ? showDate(field.changedAt) : '—'}</td>
                <td>{field ? showDate(field.confirmedAt) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="correct-contacts-title">
        <h4 className="h6" id="correct-contacts-title">
          Correct contact details
        </h4>
        <p className="small text-body-secondary">
          A changed value is saved as an admin correction of today; an emptied one is removed. Later imports
          do not overwrite a correction.
        </p>
        <Row className="g-2 mb-2">
          {CONTACT_KINDS.map((kind) => (
            <Col md={6} key={kind}>
              <Form.Group controlId={`correct-${kind}`}>
                <Form.Label className="small mb-1">{CONTACT_KIND_LABELS[kind]}</Form.Label>
                <Form.Control
                  size="sm"
                  type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'url'}
                  value={values[kind]}
                  onChange={(e) => setValues({ ...values, [kind]: e.target.value })}
                  autoComplete="off"
                />
              </Form.Group>
            </Col>
          ))}
        </Row>
        {correct.isError ? (
          <Alert variant="danger" className="small py-2">
            {errorMessage(correct.error, messages.somethingWentWrong)}
          </Alert>
        ) : null}
        <Button type="submit" size="sm" disabled={changed.length === 0 || correct.isPending}>
          {correct.isPending ? messages.saving : 'Save corrections'}
        </Button>
      </Form>
    </section>
  );
}

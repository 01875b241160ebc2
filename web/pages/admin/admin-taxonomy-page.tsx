import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router-dom';
import type { TaxonomyJob, UnmappedKind, UnmappedValue } from '../../../shared/api/taxonomy';
import { errorMessage } from '../../api/client';
import { useAddSynonym, useTaxonomy, useTaxonomyJob, useUnmappedValues } from '../../api/taxonomy';
import { RequireAdmin } from '../../auth/guards';
import { showDate } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { TaxonomyCombobox } from '../../components/taxonomy-combobox';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec. */
export const NO_UNMAPPED = 'Every value imported so far is on the list: nothing to map.';

const KINDS: readonly { kind: 'sector' | 'stage'; label: string }[] = [
  { kind: 'sector', label: 'Sectors' },
  { kind: 'stage', label: 'Stages' },
];

/**
 * `/admin/taxonomy`: the values imports brought that the taxonomy does not know, with how many
 * investors carry each and a few of them. The admin maps a value to an entry of the list (it becomes
 * a synonym) or adds it as a new sector; either way its investors are re-mapped by a workflow and
 * the page shows the run until it ends.
 */
export function AdminTaxonomyPage() {
  useDocumentTitle('Admin: Unmapped values');
  const [kind, setKind] = useState<'sector' | 'stage'>('sector');
  return (
    <RequireAdmin>
      <Container>
        <nav aria-label="Breadcrumb" className="mb-2 small">
          <Link to={paths.admin.href()}>← Admin</Link>
        </nav>
        <h1 className="h2 mb-2">Unmapped values</h1>
        <p className="text-body-secondary">
          Values imports brought that are not on the list. Investors keep them on their imported record but
          are not found under them until you map each to an entry (it becomes a synonym) or add it as a new
          sector.
        </p>
        <Nav
          variant="tabs"
          className="mb-3"
          activeKey={kind}
          onSelect={(k) => k && setKind(k as 'sector' | 'stage')}
        >
          {KINDS.map((k) => (
            <Nav.Item key={k.kind}>
              <Nav.Link eventKey={k.kind}>{k.label}</Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Queue kind={kind} />
      </Container>
    </RequireAdmin>
  );
}

function Queue({ kind }: { kind: UnmappedKind & ('sector' | 'stage') }) {
  const values = useUnmappedValues(kind);
  const [jobId, setJobId] = useState<string | null>(null);
  if (values.isPending) return <LoadingMessage />;
  if (values.isError)
    return (
      <Alert variant="danger">
        {errorMessage(values.error, 'The queue could not be read. Please reload the page.')}
      </Alert>
    );
  return (
    <>
      {jobId ? <RemapProgress jobId={jobId} onDone={() => void values.refetch()} /> : null}
      {values.data.items.length === 0 ? (
        <p>{NO_UNMAPPED}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-3" aria-label={`Unmapped ${kind} values`}>
          {values.data.items.map((value) => (
            <Row key={value.key} value={value} onStarted={setJobId} />
          ))}
        </ul>
      )}
    </>
  );
}

function Row({ value, onStarted }: { value: UnmappedValue; onStarted: (jobId: string) => void }) {
  const taxonomy = useTaxonomy();
  const add = useAddSynonym();
  const [entry, setEntry] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = value.kind === 'stage' ? 'stage' : 'sector';
  const entries = (kind === 'stage' ? taxonomy.data?.stages : taxonomy.data?.sectors) ?? [];
  const send = async (body: { entry?: string; newLabel?: string }) => {
    setProblem(null);
    try {
      const started = await add.mutateAsync({ kind, spelling: value.value, ...body });
      onStarted(started.job.id);
    } catch (error) {
      setProblem(errorMessage(error, 'The value could not be mapped. Please try again.'));
    }
  };
  const id = `map-${value.kind}-${value.key.replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <li>
      <Card as="section" className="shadow-sm" aria-labelledby={`${id}-title`}>
        <Card.Body className="row g-3">
          <div className="col-md-6">
            <h2 className="h5 mb-1" id={`${id}-title`}>
              “{value.value}”
            </h2>
            <p className="small text-body-secondary mb-2">
              {value.investors === 1 ? '1 investor carries it' : `${value.investors} investors carry it`} ·
              first seen {showDate(value.firstSeenAt)}
            </p>
            <p className="small mb-0">
              Such as{' '}
              {value.examples.map((e, i) => (
                <span key={e.id}>
                  {i > 0 ? ', ' : ''}
                  <Link to={paths.investorProfile.href(e.id)}>{e.name}</Link>
                </span>
              ))}
            </p>
          </div>
          <Form
            className="col-md-6"
            onSubmit={(event) => {
              event.preventDefault();
              if (entry[0]) void send({ entry: entry[0] });
              else setProblem(`Choose the ${kind} “${value.value}” stands for, then press Map.`);
            }}
          >
            <TaxonomyCombobox
              id={id}
              label={`Map “${value.value}” to`}
              entries={entries}
              selected={entry}
              onChange={(values) => setEntry(values.slice(-1))}
              max={1}
              carried="ignore"
            />
            <div className="d-flex flex-wrap gap-2 mt-2">
              <Button type="submit" size="sm" disabled={add.isPending}>
                Map
              </Button>
              {kind === 'sector' ? (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={add.isPending}
                  onClick={() => void send({ newLabel: labelOf(value.value) })}
                >
                  Add as a new sector
                </Button>
              ) : null}
            </div>
            {problem ? (
              <Alert variant="danger" className="small mt-2 mb-0 py-2">
                {problem}
              </Alert>
            ) : null}
          </Form>
        </Card.Body>
      </Card>
    </li>
  );
}

/** A new sector's label from the value as written: each word capitalised. */
const labelOf = (value: string) => value.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

function RemapProgress({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const job = useTaxonomyJob(jobId);
  const [reported, setReported] = useState<string | null>(null);
  const current: TaxonomyJob | undefined = job.data?.job;
  if (current && current.status !== 'running' && reported !== current.id) {
    setReported(current.id);
    onDone();
  }
  if (!current) return null;
  return (
    <Card className="mb-3" role="status">
      <Card.Body className="py-2">
        {current.status === 'running'
          ? `Re-mapping investors: ${current.processed} done so far…`
          : current.status === 'succeeded'
            ? `Done: ${current.processed} investors re-mapped, ${current.updated} of them changed. Counts are up to date.`
            : (current.failureReason ?? 'The re-map stopped. Please try again.')}
      </Card.Body>
    </Card>
  );
}

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/errors';
import type { PipelineEntry, UpdateEntryBody } from '../../../shared/api/pipeline';
import { messages } from '../../../shared/messages';
import { type PassReason, type PipelineStage, STAGE_LABELS } from '../../../shared/pipeline/stages';
import { errorMessage } from '../../api/client';
import { useAddToPipeline, usePipeline, useRemoveEntry, useUpdateEntry } from '../../api/pipeline';
import { RequireUser } from '../../auth/guards';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { AddContactModal } from './add-contact-modal';
import { PipelineBoard } from './board';
import { EntryPanel } from './entry-panel';
import { ExportButtons } from './export-buttons';
import { PassReasonDialog } from './move-controls';
import { RoundCoverage } from './round-coverage';
import { ShareResponseTimesSetting } from './share-response-times';
import { PipelineTable } from './table';

/** `/projects/{projectId}/pipeline`: the project's fundraising pipeline, as a board or a table. */
export function PipelinePage() {
  return (
    <RequireUser>
      <Pipeline />
    </RequireUser>
  );
}

const todayLocal = (): string => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

function Pipeline() {
  const { projectId = '' } = useParams();
  const pipeline = usePipeline(projectId);

  if (pipeline.isPending) return <LoadingMessage />;
  return (
    <Container fluid="xxl" className="pipeline-page">
      <PipelineContent />
    </Container>
  );
}

function PipelineContent() {
  const { projectId = '' } = useParams();
  const pipeline = usePipeline(projectId);
  const update = useUpdateEntry(projectId);
  const add = useAddToPipeline(projectId);
  const remove = useRemoveEntry(projectId);
  const [view, setView] = useState<'board' | 'table'>('board');
  const [openId, setOpenId] = useState<string | null>(null);
  const [passing, setPassing] = useState<{ entry: PipelineEntry } | null>(null);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(pipeline.data ? `Pipeline · ${pipeline.data.project.name}` : 'Pipeline');

  if (pipeline.isError && pipeline.error instanceof ApiError && pipeline.error.status === 404)
    return (
      <Alert variant="secondary">
        This project does not exist, or it was deleted.{' '}
        <Link to={paths.account.href()} className="alert-link">
          Back to your projects
        </Link>
      </Alert>
    );
  if (pipeline.isError || !pipeline.data)
    return <Alert variant="danger">{messages.somethingWentWrong}</Alert>;

  const { project, entries, max } = pipeline.data;
  const open = entries.find((entry) => entry.id === openId) ?? null;

  const change = (entry: PipelineEntry, body: Omit<UpdateEntryBody, 'version'>, done: string) => {
    setFailure(null);
    update.mutate(
      { entryId: entry.id, body: { ...body, version: entry.version } },
      {
        onSuccess: () => {
          setConflict(null);
          setAnnouncement(done);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(error.message);
          else setFailure(errorMessage(error, messages.somethingWentWrong));
        },
      },
    );
  };

  const move = (entry: PipelineEntry, stage: PipelineStage) => {
    if (stage === 'passed') setPassing({ entry });
    else change(entry, { stage }, `Moved ${entry.name} to ${STAGE_LABELS[stage]}.`);
  };

  /** Marks one investor as the lead (or none), unmarking any other (issue 52). */
  const chooseLead = (chosen: PipelineEntry | null) => {
    for (const entry of entries)
      if (entry.lead && entry.id !== chosen?.id)
        change(entry, { lead: false }, `${entry.name} is no longer the lead.`);
    if (chosen && !chosen.lead) change(chosen, { lead: true }, `Marked ${chosen.name} as the lead.`);
  };

  const reload = async () => {
    setConflict(null);
    await pipeline.refetch();
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="small mb-1">
            <Link to={paths.project.href(project.id)}>{project.name}</Link>
          </p>
          <h1 className="h2 mb-1">Fundraising pipeline</h1>
          <p className="small text-body-secondary mb-0">
            {entries.length.toLocaleString('en-US')} of at most {max.toLocaleString('en-US')} investors
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add your own contact
          </Button>
          <LinkButton to={paths.pipelineImport.href(project.id)} variant="outline-primary">
            Import a spreadsheet
          </LinkButton>
          <ExportButtons projectId={project.id} disabled={entries.length === 0} />
        </div>
      </div>

      <div aria-live="polite" role="status" className="visually-hidden">
        {announcement}
      </div>
      {conflict ? (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{conflict}</span>
          <Button variant="warning" size="sm" onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      ) : null}
      {failure ? (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      {entries.length > 0 ? (
        <RoundCoverage
          projectId={project.id}
          entries={entries}
          raiseAmountUsd={project.raiseAmountUsd}
          today={todayLocal()}
          busy={update.isPending}
          onOpen={(entry) => setOpenId(entry.id)}
          onChooseLead={chooseLead}
        />
      ) : null}

      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <ToggleButtonGroup
          type="radio"
          name="pipeline-view"
          value={view}
          onChange={(value: 'board' | 'table') => setView(value)}
          aria-label="View"
        >
          <ToggleButton id="pipeline-view-board" value="board" variant="outline-primary">
            Board
          </ToggleButton>
          <ToggleButton id="pipeline-view-table" value="table" variant="outline-primary">
            Table
          </ToggleButton>
        </ToggleButtonGroup>
        <Link to={paths.investorSearch.href()} className="small">
          Find investors to add in the directory
        </Link>
      </div>

      {entries.length === 0 ? (
        <Alert variant="info">
          Your pipeline is empty. Add investors from the directory ("Add to pipeline" on a profile or a search
          card), import the spreadsheet you already keep, or add your own contacts.
        </Alert>
      ) : view === 'board' ? (
        <PipelineBoard
          entries={entries}
          today={todayLocal()}
          onMove={move}
          onOpen={(entry) => setOpenId(entry.id)}
        />
      ) : (
        <PipelineTable entries={entries} onMove={move} onOpen={(entry) => setOpenId(entry.id)} />
      )}

      <div className="mt-4">
        <ShareResponseTimesSetting />
      </div>

      <EntryPanel
        projectId={project.id}
        entry={open}
        saving={update.isPending}
        onClose={() => setOpenId(null)}
        onSave={(entry, body) => change(entry, body, `Saved ${entry.name}.`)}
        onRemove={(entry) => {
          remove.mutate(entry.id, {
            onSuccess: () => {
              setOpenId(null);
              setAnnouncement(`Removed ${entry.name} from the pipeline.`);
            },
            onError: (error) => setFailure(errorMessage(error, messages.somethingWentWrong)),
          });
        }}
      />
      <PassReasonDialog
        entry={passing?.entry ?? null}
        onCancel={() => setPassing(null)}
        onConfirm={(passReason: PassReason, passNote: string) => {
          const entry = passing?.entry;
          setPassing(null);
          if (entry)
            change(
              entry,
              { stage: 'passed', passReason, passNote: passNote === '' ? null : passNote },
              `Moved ${entry.name} to Passed.`,
            );
        }}
      />
      <AddContactModal
        show={adding}
        busy={add.isPending}
        error={add.isError ? errorMessage(add.error, messages.somethingWentWrong) : null}
        onCancel={() => setAdding(false)}
        onAdd={(contact) =>
          add.mutate(
            { contact },
            {
              onSuccess: ({ entry }) => {
                setAdding(false);
                setAnnouncement(`Added ${entry.name} to To contact.`);
              },
            },
          )
        }
      />
    </>
  );
}

import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import {
  checkStageChange,
  PASS_REASON_LABELS,
  PASS_REASONS,
  type PassReason,
  PIPELINE_STAGES,
  type PipelineStage,
  STAGE_LABELS,
} from '../../../shared/pipeline/stages';

/** A move the board, the table or the entry panel asks for. */
export interface MoveRequest {
  readonly entry: PipelineEntry;
  readonly stage: PipelineStage;
  readonly passReason?: PassReason | null;
  readonly passNote?: string | null;
}

/** "Move to…": a menu of the other stages, on every card and table row (works with keyboard and touch). */
export function MoveMenu({
  entry,
  onMove,
  size = 'sm',
}: {
  entry: PipelineEntry;
  onMove: (stage: PipelineStage) => void;
  size?: 'sm' | 'lg';
}) {
  return (
    <Dropdown>
      <Dropdown.Toggle
        variant="outline-secondary"
        size={size}
        aria-label={`Move ${entry.name} to another stage`}
      >
        Move to…
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {PIPELINE_STAGES.filter((stage) => stage !== entry.stage).map((stage) => (
          <Dropdown.Item as="button" key={stage} onClick={() => onMove(stage)}>
            {STAGE_LABELS[stage]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** Asks why an investor passed before the move to Passed (a reason from the list, and a few words). */
export function PassReasonDialog({
  entry,
  onCancel,
  onConfirm,
}: {
  entry: PipelineEntry | null;
  onCancel: () => void;
  onConfirm: (passReason: PassReason, passNote: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<PassReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setNote('');
    setProblem(null);
    onCancel();
  };
  const confirm = () => {
    const message = checkStageChange({ stage: 'passed', passReason: reason || null, passNote: note });
    if (message) {
      setProblem(message);
      return;
    }
    onConfirm(reason as PassReason, note.trim());
    setReason('');
    setNote('');
    setProblem(null);
  };
  return (
    <Modal show={entry !== null} onHide={close} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Why did {entry?.name} pass?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3" controlId={`${id}-reason`}>
          <Form.Label>Reason</Form.Label>
          <Form.Select
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value as PassReason | '')}
            isInvalid={problem !== null && reason === ''}
          >
            <option value="">Choose a reason</option>
            {PASS_REASONS.map((value) => (
              <option key={value} value={value}>
                {PASS_REASON_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`${id}-note`}>
          <Form.Label>In your words (optional, needed for "Other reason")</Form.Label>
          <Form.Control
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </Form.Group>
        {problem ? (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {problem}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close}>
          Cancel
        </Button>
        <Button variant="primary" onClick={confirm}>
          Move to Passed
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

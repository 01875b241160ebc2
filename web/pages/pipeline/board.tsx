import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import {
  adjacentStage,
  isDue,
  PIPELINE_STAGES,
  type PipelineStage,
  STAGE_LABELS,
} from '../../../shared/pipeline/stages';
import { MoveMenu } from './move-controls';

/** The board's instructions, read by screen readers with each card. */
export const BOARD_HELP =
  'On a card, press the left or right arrow key to move the investor one stage, or use Move to…. You can also drag a card to another column.';

const DRAG_TYPE = 'application/x-pipeline-entry';

export const formatAmount = (amount: number | null): string =>
  amount === null ? '' : `$${amount.toLocaleString('en-US')}`;

/** The board: one column per stage; each card moves by drag and drop, arrow keys or the Move to… menu. */
export function PipelineBoard({
  entries,
  today,
  onMove,
  onOpen,
}: {
  entries: readonly PipelineEntry[];
  today: string;
  onMove: (entry: PipelineEntry, stage: PipelineStage) => void;
  onOpen: (entry: PipelineEntry) => void;
}) {
  const [dropTarget, setDropTarget] = useState<PipelineStage | null>(null);
  // A card moved from the keyboard (arrow keys or Move to…) is drawn anew in its new column: focus
  // follows it there, so the next arrow key moves it on instead of being lost on the page.
  const [follow, setFollow] = useState<{ id: string; stage: PipelineStage } | null>(null);
  const board = useRef<HTMLUListElement>(null);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));

  useEffect(() => {
    if (!follow) return;
    const moved = [
      ...(board.current?.querySelectorAll<HTMLElement>(`li[data-stage="${follow.stage}"] article`) ?? []),
    ].find((card) => card.dataset.entryId === follow.id);
    if (!moved) return;
    setFollow(null);
    moved.focus();
  });

  const keyboardMove = (entry: PipelineEntry, stage: PipelineStage) => {
    setFollow({ id: entry.id, stage });
    onMove(entry, stage);
  };

  const drop = (stage: PipelineStage) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    const entry = byId.get(event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain'));
    if (entry && entry.stage !== stage) onMove(entry, stage);
  };

  const keyMove = (entry: PipelineEntry) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const stage = adjacentStage(entry.stage, step);
    if (stage) keyboardMove(entry, stage);
  };

  return (
    <>
      <p id="board-help" className="visually-hidden">
        {BOARD_HELP}
      </p>
      <ul className="pipeline-board list-unstyled" aria-label="Pipeline board" ref={board}>
        {PIPELINE_STAGES.map((stage) => {
          const cards = entries.filter((entry) => entry.stage === stage);
          return (
            <li
              key={stage}
              className={`pipeline-column ${dropTarget === stage ? 'pipeline-column-drop' : ''}`}
              data-stage={stage}
              onDragOver={(event) => {
                event.preventDefault();
                setDropTarget(stage);
              }}
              onDragLeave={() => setDropTarget((current) => (current === stage ? null : current))}
              onDrop={drop(stage)}
            >
              <h2 className="h6 pipeline-column-title" id={`column-${stage}`}>
                {STAGE_LABELS[stage]} <Badge bg="secondary">{cards.length}</Badge>
              </h2>
              <ul className="list-unstyled pipeline-cards" aria-labelledby={`column-${stage}`}>
                {cards.map((entry) => (
                  <li key={entry.id}>
                    <article
                      className="pipeline-card"
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card takes the arrow-key moves
                      tabIndex={0}
                      draggable
                      aria-label={`${entry.name}, ${STAGE_LABELS[entry.stage]}`}
                      aria-describedby="board-help"
                      aria-keyshortcuts="ArrowLeft ArrowRight"
                      data-entry-id={entry.id}
                      onKeyDown={keyMove(entry)}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(DRAG_TYPE, entry.id);
                        event.dataTransfer.setData('text/plain', entry.id);
                        event.dataTransfer.effectAllowed = 'move';
                      }}
                    >
                      <Button
                        variant="link"
                        className="p-0 text-start fw-semibold pipeline-card-name"
                        onClick={() => onOpen(entry)}
                      >
                        {entry.name}
                      </Button>
                      {entry.firm ? <div className="small text-body-secondary">{entry.firm}</div> : null}
                      {entry.kind === 'private' ? (
                        <div className="small text-body-secondary">Your contact</div>
                      ) : null}
                      {entry.amount !== null ? (
                        <div className="small">{formatAmount(entry.amount)}</div>
                      ) : null}
                      {entry.introVia ? <div className="small">Intro via {entry.introVia}</div> : null}
                      {entry.nextStep || entry.nextStepDate ? (
                        <div
                          className={`small ${isDue(entry.nextStepDate, today) ? 'text-danger fw-semibold' : ''}`}
                        >
                          Next: {entry.nextStep ?? 'next step'}
                          {entry.nextStepDate ? ` · ${entry.nextStepDate}` : ''}
                          {isDue(entry.nextStepDate, today) ? ' (due)' : ''}
                        </div>
                      ) : null}
                      <div className="mt-2">
                        <MoveMenu entry={entry} onMove={(to) => keyboardMove(entry, to)} />
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </>
  );
}

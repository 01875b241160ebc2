import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { PipelineEntry } from '../../../shared/api/pipeline';
import { type PipelineStage, STAGE_LABELS, stageIndex } from '../../../shared/pipeline/stages';
import { formatAmount } from './board';
import { MoveMenu } from './move-controls';

type SortKey = 'name' | 'firm' | 'stage' | 'amount' | 'nextStepDate' | 'updatedAt';
const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Investor' },
  { key: 'firm', label: 'Firm' },
  { key: 'stage', label: 'Stage' },
  { key: 'amount', label: 'Amount discussed' },
  { key: 'nextStepDate', label: 'Next step' },
  { key: 'updatedAt', label: 'Last change' },
];

function compare(a: PipelineEntry, b: PipelineEntry, key: SortKey): number {
  switch (key) {
    case 'stage':
      return stageIndex(a.stage) - stageIndex(b.stage);
    case 'amount':
      return (a.amount ?? -1) - (b.amount ?? -1);
    case 'nextStepDate':
      // Entries without a date last, whichever the direction.
      return (a.nextStepDate ?? '9999').localeCompare(b.nextStepDate ?? '9999');
    default:
      return (a[key] ?? '').localeCompare(b[key] ?? '');
  }
}

/** The pipeline as a sortable table (scrolls sideways on a phone); each row moves with Move to…. */
export function PipelineTable({
  entries,
  onMove,
  onOpen,
}: {
  entries: readonly PipelineEntry[];
  onMove: (entry: PipelineEntry, stage: PipelineStage) => void;
  onOpen: (entry: PipelineEntry) => void;
}) {
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'stage', ascending: true });
  const sorted = [...entries].sort(
    (a, b) => (sort.ascending ? 1 : -1) * compare(a, b, sort.key) || a.name.localeCompare(b.name),
  );
  return (
    <div className="table-responsive">
      <Table hover className="align-middle pipeline-table">
        <caption className="visually-hidden">
          Your pipeline, sorted by {COLUMNS.find((c) => c.key === sort.key)?.label}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort.key === column.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
              >
                <Button
                  variant="link"
                  className="p-0 text-nowrap fw-semibold text-body"
                  onClick={() =>
                    setSort((current) => ({
                      key: column.key,
                      ascending: current.key === column.key ? !current.ascending : true,
                    }))
                  }
                >
                  {column.label}
                  {sort.key === column.key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                </Button>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((entry) => (
            <tr key={entry.id} data-entry-id={entry.id}>
              <td>
                <Button variant="link" className="p-0 text-start" onClick={() => onOpen(entry)}>
                  {entry.name}
                </Button>
                {entry.kind === 'private' ? (
                  <div className="small text-body-secondary">Your contact</div>
                ) : null}
              </td>
              <td>{entry.firm ?? ''}</td>
              <td className="text-nowrap">{STAGE_LABELS[entry.stage]}</td>
              <td className="text-nowrap">{formatAmount(entry.amount)}</td>
              <td>
                {entry.nextStep ?? ''}
                {entry.nextStepDate ? <div className="small text-nowrap">{entry.nextStepDate}</div> : null}
              </td>
              <td className="text-nowrap small">{entry.updatedAt.slice(0, 10)}</td>
              <td>
                <MoveMenu entry={entry} onMove={(stage) => onMove(entry, stage)} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { type ImportColumn, planColumns } from '../../../shared/import/header-matching';
import { PREVIEW_CELL_LENGTH, PREVIEW_ROWS, previewRows } from '../../../shared/import/preview';

/** The default header of a blank header cell, as the import names it. */
const columnName = (index: number) => `Column ${index + 1}`;

/**
 * The header row of the CSV file with, per column, an include checkbox and an editable header name
 * (with the field the header maps to), over a preview of the first 20 rows, cells cut at 32 characters.
 */
export function CsvColumnEditor({
  columns,
  rows,
  onChange,
}: {
  columns: readonly ImportColumn[];
  rows: readonly (readonly string[])[];
  onChange: (columns: ImportColumn[]) => void;
}) {
  const planned = planColumns(columns);
  const shownRows = previewRows(rows);

  const update = (index: number, change: Partial<ImportColumn>) =>
    onChange(columns.map((column, i) => (i === index ? { ...column, ...change } : column)));

  return (
    <>
      <p className="small text-body-secondary mb-2" id="csv-preview-caption">
        Untick a column to leave it out; edit a header to change the field it maps to. Showing the first{' '}
        {Math.min(rows.length, PREVIEW_ROWS)} rows, cells cut at {PREVIEW_CELL_LENGTH} characters.
      </p>
      <Table responsive bordered size="sm" className="csv-preview align-middle small mb-0">
        <caption className="visually-hidden">
          Columns of the CSV file and a preview of its first {PREVIEW_ROWS} rows
        </caption>
        <thead>
          <tr>
            <th scope="col" className="text-body-secondary">
              Row
            </th>
            {planned.map((column) => (
              <th key={column.index} scope="col">
                <Form.Check
                  id={`csv-include-${column.index}`}
                  label="Include"
                  aria-label={`Include column ${column.index + 1}`}
                  className="small fw-normal"
                  checked={column.include}
                  onChange={(e) => update(column.index, { include: e.target.checked })}
                />
                <Form.Control
                  size="sm"
                  className="csv-header-input"
                  value={column.header}
                  placeholder={columnName(column.index)}
                  aria-label={`Header of column ${column.index + 1}`}
                  onChange={(e) => update(column.index, { header: e.target.value })}
                />
                <span className="d-block small fw-normal text-body-secondary mt-1">
                  {column.include ? (column.family ?? 'other metadata') : 'left out'}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shownRows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their position.
            <tr key={rowIndex}>
              <td className="text-body-secondary">{rowIndex + 1}</td>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column.
                <td key={index} className={column.include ? '' : 'csv-column-excluded'}>
                  {row[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

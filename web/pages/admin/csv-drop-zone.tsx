import { type DragEvent, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';

/**
 * Drag a .csv file onto the zone or click to choose one. The file input stays a real, labelled input,
 * so keyboard and screen-reader users choose the file the usual way.
 */
export function CsvDropZone({
  onFile,
  disabled = false,
}: {
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <fieldset
      className={`csv-drop-zone rounded p-4 text-center ${dragging ? 'csv-drop-zone-active' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <legend className="visually-hidden">Choose a CSV file</legend>
      <p className="fw-semibold mb-1">Drag and drop a .csv file here</p>
      <p className="small text-body-secondary mb-3">or click to choose one</p>
      <Form.Group controlId={`${id}-file`} className="mx-auto" style={{ maxWidth: '24rem' }}>
        <Form.Label className="visually-hidden">CSV file</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            const file = input.files?.[0];
            if (file) onFile(file);
            input.value = '';
          }}
        />
      </Form.Group>
    </fieldset>
  );
}

import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { type EXPORT_FORMATS, exportResponse } from '../../../shared/api/pipeline';
import { messages } from '../../../shared/messages';
import { apiRequest, errorMessage } from '../../api/client';
import { useToast } from '../../components/toast/toast-provider';

type Format = (typeof EXPORT_FORMATS)[number];

/** Saves a text as a file the browser downloads. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Export for a CRM": the pipeline as a HubSpot or Salesforce import file (bought and own values only). */
export function ExportButtons({ projectId, disabled }: { projectId: string; disabled: boolean }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (format: Format) => {
    setBusy(true);
    try {
      const file = await apiRequest(
        exportResponse,
        `/projects/${encodeURIComponent(projectId)}/pipeline/export`,
        {
          query: { format },
          auth: true,
        },
      );
      download(file.fileName, file.csv);
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary" disabled={disabled || busy}>
        Export for a CRM
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => void run('hubspot')}>
          HubSpot CSV
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => void run('salesforce')}>
          Salesforce CSV
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

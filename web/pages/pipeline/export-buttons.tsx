/** The CRM export of the pipeline (filled in with the export step). */
export function ExportButtons(_props: { projectId: string; disabled: boolean }) {
  return null;
}

import type { PipelineEntry } from '../../../../shared/api/pipeline';

/** A private contact's pipeline entry (Ada Lovelace, Contacted), with the fields a test changes. */
export const pipelineEntry = (overrides: Partial<PipelineEntry> = {}): PipelineEntry => ({
  id: 'prv-1',
  kind: 'private',
  investorId: null,
  contactId: 'c1',
  name: 'Ada Lovelace',
  firm: 'Engines',
  title: null,
  stage: 'contacted',
  passReason: null,
  passNote: null,
  notes: '',
  amount: null,
  nextStep: null,
  nextStepDate: null,
  lead: false,
  introVia: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  stageChangedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

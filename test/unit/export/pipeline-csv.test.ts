import { describe, expect, it } from 'vitest';
import { crmHeader, SALESFORCE_NO_COMPANY } from '../../../lambdas/lib/export/crm-csv';
import {
  buildPipelineCsv,
  type CrmContact,
  PIPELINE_COLUMNS,
  stageCell,
} from '../../../lambdas/lib/export/pipeline-csv';

const contact: CrmContact = {
  name: 'Ada King Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  linkedinUrl: null,
  twitterUrl: null,
  crunchbaseUrl: null,
  company: null,
  title: 'Partner',
  city: 'London',
  country: 'United Kingdom',
};
const entry = {
  stage: 'meeting' as const,
  passReason: null,
  passNote: null,
  nextStep: 'Send the deck',
  nextStepDate: '2026-12-01',
  amount: 250000,
  notes: 'Line one\nline two',
};

const recordsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('the pipeline’s CRM file', () => {
  it('names the CRM’s columns as HubSpot and Salesforce import them, then the pipeline’s own', () => {
    expect(crmHeader('hubspot')).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Company Name',
      'Job Title',
      'LinkedIn URL',
      'Twitter URL',
      'Crunchbase URL',
      'City',
      'Country/Region',
      'Lead Source',
    ]);
    expect(crmHeader('salesforce')).toContain('Phone');
    expect(crmHeader('salesforce')).toContain('Company');
    const [header] = recordsOf(buildPipelineCsv([], 'hubspot'));
    expect(header).toBe([...crmHeader('hubspot'), ...PIPELINE_COLUMNS].join(','));
    expect(PIPELINE_COLUMNS).toEqual(['Stage', 'Next step', 'Next step date', 'Amount discussed', 'Notes']);
  });

  it('writes one record per investor: name split, stage label, next step, amount and multi-line notes', () => {
    const csv = buildPipelineCsv([{ contact, entry }], 'hubspot');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(
      'Ada,King Lovelace,ada@example.com,+44 20 7946 0958,,Partner,,,,London,United Kingdom,VC Directory,Meeting,Send the deck,2026-12-01,250000,"Line one\nline two"',
    );
  });

  it('gives Salesforce its placeholder for an investor without a firm', () => {
    const csv = buildPipelineCsv([{ contact, entry }], 'salesforce');
    expect(csv).toContain(`,${SALESFORCE_NO_COMPANY},`);
  });

  it('guards every cell a spreadsheet would run, but writes a plain phone number as it is', () => {
    const csv = buildPipelineCsv(
      [{ contact: { ...contact, phone: '=1+2', company: '@SUM(A1)' }, entry: { ...entry, notes: '+cmd' } }],
      'hubspot',
    );
    expect(csv).toContain("'=1+2");
    expect(csv).toContain("'@SUM(A1)");
    expect(csv).toContain("'+cmd");
    expect(buildPipelineCsv([{ contact, entry }], 'hubspot')).not.toContain("'+44");
  });

  it('says why an investor passed in the stage cell', () => {
    expect(stageCell({ stage: 'passed', passReason: 'other', passNote: 'Partner left' })).toBe(
      'Passed: Other reason (Partner left)',
    );
    expect(stageCell({ stage: 'termSheet', passReason: null, passNote: null })).toBe('Term sheet');
  });
});

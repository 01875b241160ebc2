import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import type { CurationJob } from '../../../shared/api/admin';
import { ApiError } from '../../../shared/api/errors';
import {
  applyFieldMerger,
  type FieldMergerAction,
  type FieldMergerRequest,
  MAX_SELECTED_VALUES,
  MERGEABLE_FIELD_LABELS,
  MERGEABLE_FIELDS,
  type MergeableField,
  validateFieldMerger,
} from '../../../shared/curation/field-merger';
import { describeRule } from '../../../shared/curation/rules';
import { failedToSave, messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useCurationRules, useUndoCurationRule } from '../../api/curation-rules';
import { useDirectoryMetadata } from '../../api/get-directory-metadata';
import { useCurationJob, useRunFieldMerger } from '../../api/run-field-merger';
import { ConfirmModal } from '../../components/confirm-modal';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../config/paths';

const SUCCESS: Readonly<Record<FieldMergerAction, string>> = {
  merge: messages.mergedField,
  remove: messages.removedValues,
  split: messages.splitValue,
};

/** The failure toast of each button: 'Failed to save: {message}', 'Failed to remove values: …', … */
export function fieldMergerFailure(action: FieldMergerAction, message: string): string {
  switch (action) {
    case 'merge':
      return failedToSave(message);
    case 'remove':
      return `${messages.failedToRemoveValues}: ${message}`;
    case 'split':
      return `${messages.failedToSplitValue}: ${message}`;
  }
}

/** Split Value is enabled only with exactly one existing value selected (spec section 2). */
export function canSplit(selectedValues: readonly string[]): boolean {
  return selectedValues.length === 1;
}

/** A run's progress line: "Changing investors... 1,200 of 20,000 read, 1,180 changed". */
export function curationProgress(job: Pick<CurationJob, 'processed' | 'updated' | 'total'>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `Changing investors... ${n(job.processed)} of ${n(job.total)} read, ${n(job.updated)} changed`;
}

const quoted = (values: readonly string[]) => values.map((value) => `“${value}”`).join(', ');

/** The question asked before a run, and its button: what will change, in words. */
export function fieldMergerConfirmation(request: FieldMergerRequest): {
  title: string;
  body: string;
  confirm: string;
} {
  const field = MERGEABLE_FIELD_LABELS[request.field];
  const rule = 'The change is kept as a rule, so later imports follow it too (you can undo the rule).';
  switch (request.action) {
    case 'merge':
      return {
        title: `Merge into “${request.finalValue.trim()}”?`,
        body: `Every investor whose ${field} holds ${quoted(request.values)} will hold “${request.finalValue.trim()}” instead. ${rule}`,
        confirm: 'Merge values',
      };
    case 'remove':
      return {
        title: `Remove ${request.values.length === 1 ? 'this value' : 'these values'}?`,
        body: `${quoted(request.values)} will be removed from the ${field} of every investor holding ${request.values.length === 1 ? 'it' : 'them'}. ${rule}`,
        confirm: 'Remove values',
      };
    case 'split':
      return {
        title: `Split “${request.values[0] ?? ''}”?`,
        body: `Every investor whose ${field} holds “${request.values[0] ?? ''}” will hold ${quoted(applyFieldMerger(request, [request.values[0] ?? '']).values)} instead. ${rule}`,
        confirm: 'Split value',
      };
  }
}

/** Not in the spec: the rules list's words. */
export const RULE_UNDONE =
  'Rule undone: mappings from now on keep the value as imported. Investors keep their current values until they are mapped again.';

/**
 * The rules the field merger left for this field: each merge, remove or split is applied again
 * whenever an investor is mapped (Process all, a re-import), so curation lasts. Undo stops that.
 */
function CurationRules({ field }: { field: MergeableField }) {
  const rules = useCurationRules();
  const undo = useUndoCurationRule();
  const { showToast } = useToast();
  const mine = (rules.data?.rules ?? []).filter((rule) => rule.field === field);
  const undoRule = async (value: string) => {
    try {
      await undo.mutateAsync({ field, value });
      showToast(RULE_UNDONE, 'info');
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    }
  };
  return (
    <details className="mt-3">
      <summary className="small">
        Rules kept for {MERGEABLE_FIELD_LABELS[field]} ({mine.length.toLocaleString('en-US')})
      </summary>
      <p className="small text-body-secondary mt-2 mb-2">
        Every mapping applies these again, so a merged, removed or split value does not come back.
      </p>
      {rules.isError ? (
        <Alert variant="danger" className="small">
          {errorMessage(rules.error, messages.anErrorOccurred)}
        </Alert>
      ) : mine.length === 0 ? (
        <p className="small text-body-secondary mb-0">{rules.isPending ? 'Loading...' : 'No rules yet.'}</p>
      ) : (
        <ul className="list-unstyled small mb-0 d-grid gap-1">
          {mine.map((rule) => (
            <li key={rule.value} className="d-flex justify-content-between align-items-center gap-2">
              <span className="text-break">{describeRule(rule)}</span>
              <Button
                variant="link"
                size="sm"
                className="p-0"
                disabled={undo.isPending}
                onClick={() => void undoRule(rule.value)}
              >
                Undo <span className="visually-hidden">{describeRule(rule)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function isNoInvestorsFound(error: unknown): boolean {
  return (
    error instanceof ApiError && error.code === 'not-found' && error.message === messages.noInvestorsFound
  );
}

/**
 * The field merger: choose Sector Focus or Stage Focus, pick up to 6 of its existing values (from the
 * directory metadata), add an optional free-form value and a final value, then Save (merge), Remove
 * Values or Split Value. When no investor holds the values, the debug-field page is opened to show why.
 */
export function FieldMerger() {
  const id = useId();
  const metadata = useDirectoryMetadata();
  const runFieldMerger = useRunFieldMerger();
  const { showToast } = useToast();
  const [run, setRun] = useState<{ id: string; request: FieldMergerRequest } | null>(null);
  /** The request waiting for the admin's confirmation. */
  const [asking, setAsking] = useState<FieldMergerRequest | null>(null);
  /**
   * Runs that succeeded, applied to the value list shown: the directory metadata is cached for up to
   * a minute (shared/api/public-cache.ts), and the list must not show a value just merged away.
   */
  const [done, setDone] = useState<FieldMergerRequest[]>([]);
  const job = useCurationJob(run?.id ?? null).data;
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!run || !job || job.status === 'running' || announced.current === job.id) return;
    announced.current = job.id;
    if (job.status === 'succeeded') {
      showToast(SUCCESS[run.request.action], 'success');
      setDone((current) => [...current, run.request]);
    } else
      showToast(
        fieldMergerFailure(run.request.action, job.failureReason ?? messages.somethingWentWrong),
        'danger',
      );
    setRun(null);
  }, [run, job, showToast]);
  const [field, setField] = useState<MergeableField>('sectorFocus');
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [freeFormValue, setFreeFormValue] = useState('');
  const [finalValue, setFinalValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [debugUrl, setDebugUrl] = useState<string | null>(null);

  const existing = done
    .filter((request) => request.field === field)
    .reduce(
      (values, request) => applyFieldMerger(request, values).values,
      [...(metadata.data?.[field] ?? [])],
    )
    .sort((a, b) => a.localeCompare(b));
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? existing : existing.filter((value) => value.toLowerCase().includes(needle));
  const full = selected.length >= MAX_SELECTED_VALUES;

  const chooseField = (next: MergeableField) => {
    setField(next);
    setSelected([]);
    setFilter('');
    setError(null);
    setDebugUrl(null);
  };

  const toggle = (value: string, checked: boolean) => {
    setError(null);
    setSelected((current) =>
      checked
        ? current.includes(value) || current.length >= MAX_SELECTED_VALUES
          ? current
          : [...current, value]
        : current.filter((v) => v !== value),
    );
  };

  /** Checks the form, then asks before anything changes. */
  const ask = (action: FieldMergerAction) => {
    setDebugUrl(null);
    const input = { field, selectedValues: selected, freeFormValue, finalValue };
    const validation = validateFieldMerger(action, input);
    if (!validation.ok) {
      setError(validation.error);
      return;
    }
    setError(null);
    setAsking(validation.request);
  };

  const start = async (request: FieldMergerRequest) => {
    setAsking(null);
    const { action } = request;
    try {
      const result = await runFieldMerger.mutateAsync({
        action,
        field,
        selectedValues: selected,
        freeFormValue: freeFormValue.trim() === '' ? null : freeFormValue,
        finalValue: action === 'remove' ? null : finalValue,
      });
      setRun({ id: result.job.id, request });
      setSelected([]);
      setFreeFormValue('');
      setFinalValue('');
    } catch (caught) {
      showToast(fieldMergerFailure(action, errorMessage(caught, messages.somethingWentWrong)), 'danger');
      if (isNoInvestorsFound(caught)) {
        const url = paths.adminDebugField.href({
          targetField: field,
          selectedValues: request.values,
          finalValue: action === 'remove' ? '' : finalValue.trim(),
        });
        setDebugUrl(url);
        window.open(url, '_blank', 'noopener');
      }
    }
  };

  const busy = runFieldMerger.isPending || run !== null;

  return (
    <Card as="section" className="shadow-sm h-100" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 className="h4" id={`${id}-title`}>
          Field Merger
        </h2>
        <p className="small text-body-secondary">
          Merge, remove or split stage and sector focus values across the searchable investors.
        </p>
        <Form noValidate onSubmit={(event) => event.preventDefault()}>
          <Form.Group className="mb-3" controlId={`${id}-field`}>
            <Form.Label>Field</Form.Label>
            <Form.Select value={field} onChange={(e) => chooseField(e.target.value as MergeableField)}>
              {MERGEABLE_FIELDS.map((value) => (
                <option key={value} value={value}>
                  {MERGEABLE_FIELD_LABELS[value]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>

          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-1">Existing values</legend>
            <p className="small text-body-secondary mb-2" id={`${id}-count`} aria-live="polite">
              {selected.length} of {MAX_SELECTED_VALUES} selected
            </p>
            {selected.length > 0 ? (
              <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label="Selected values">
                {selected.map((value) => (
                  <li
                    key={value}
                    className="badge rounded-pill text-bg-primary d-flex align-items-center gap-1"
                  >
                    <span className="fw-normal fs-6">{value}</span>
                    <CloseButton
                      variant="white"
                      className="small"
                      aria-label={`Remove ${value}`}
                      onClick={() => toggle(value, false)}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <Form.Control
              type="search"
              size="sm"
              className="mb-2"
              placeholder="Filter values"
              aria-label="Filter values"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <div className="value-picker border rounded p-2" aria-describedby={`${id}-count`}>
              {metadata.isPending ? (
                <p className="small text-body-secondary mb-0">Loading values...</p>
              ) : metadata.isError ? (
                <p className="small text-danger mb-0">
                  {errorMessage(metadata.error, messages.somethingWentWrong)}
                </p>
              ) : shown.length === 0 ? (
                <p className="small text-body-secondary mb-0">No values.</p>
              ) : (
                shown.map((value, index) => {
                  const checked = selected.includes(value);
                  return (
                    <Form.Check
                      key={value}
                      id={`${id}-value-${index}`}
                      label={value}
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) => toggle(value, e.target.checked)}
                    />
                  );
                })
              )}
            </div>
          </fieldset>

          <Form.Group className="mb-3" controlId={`${id}-free-form`}>
            <Form.Label>Other value (optional)</Form.Label>
            <Form.Control
              value={freeFormValue}
              onChange={(e) => setFreeFormValue(e.target.value)}
              aria-describedby={`${id}-free-form-help`}
            />
            <Form.Text id={`${id}-free-form-help`}>
              A value not in the list, treated like a selected one.
            </Form.Text>
          </Form.Group>

          <Form.Group className="mb-3" controlId={`${id}-final`}>
            <Form.Label>Final value</Form.Label>
            <Form.Control
              value={finalValue}
              onChange={(e) => setFinalValue(e.target.value)}
              aria-describedby={`${id}-final-help`}
            />
            <Form.Text id={`${id}-final-help`}>
              Save replaces the values with this one. Split Value replaces the one selected value with the
              comma-separated values given here.
            </Form.Text>
          </Form.Group>

          {error ? (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          {debugUrl ? (
            <Alert variant="warning">
              {messages.noInvestorsFound}.{' '}
              <a href={debugUrl} target="_blank" rel="noopener">
                See the investors matching the first value
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </Alert>
          ) : null}

          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" disabled={busy} onClick={() => ask('merge')}>
              Save
            </Button>
            <Button variant="outline-danger" disabled={busy} onClick={() => ask('remove')}>
              Remove Values
            </Button>
            <Button
              variant="outline-primary"
              disabled={busy || !canSplit(selected)}
              onClick={() => ask('split')}
            >
              Split Value
            </Button>
          </div>
        </Form>
        {run && job?.status === 'running' ? (
          <p className="small mt-3 mb-0" role="status">
            {curationProgress(job)}
          </p>
        ) : null}
        <CurationRules field={field} />
        {asking ? (
          <ConfirmModal
            show
            title={fieldMergerConfirmation(asking).title}
            confirmLabel={fieldMergerConfirmation(asking).confirm}
            confirmVariant={asking.action === 'remove' ? 'danger' : 'primary'}
            onConfirm={() => void start(asking)}
            onCancel={() => setAsking(null)}
          >
            <p className="mb-0">{fieldMergerConfirmation(asking).body}</p>
          </ConfirmModal>
        ) : null}
      </Card.Body>
    </Card>
  );
}

import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../shared/api/errors';
import { errorRunningFunction, messages } from '../../../shared/messages';
import { type AdminFunctionName, useRunAdminFunction } from '../../api/run-admin-function';
import { useToast } from '../../components/toast/toast-provider';

/**
 * The function runner's choices: the API's name, the spec's callable name, the label shown, and
 * what the job does, in words.
 */
export const ADMIN_FUNCTIONS: readonly {
  name: AdminFunctionName;
  callable: string;
  label: string;
  does: string;
}[] = [
  {
    name: 'processUnmapped',
    callable: 'processUnmappedImportedInvestorEntries',
    label: 'Process unmapped imported investor entries',
    does: 'It adds every imported investor not yet in the directory (merging people already there), then recounts the directory.',
  },
  {
    name: 'processAll',
    callable: 'processAllImportedInvestorEntries',
    label: 'Process all imported investor entries',
    does: "It maps every imported investor into the directory again, applying the field merger's rules, then recounts the directory.",
  },
  {
    name: 'aggregate',
    callable: 'triggerAggregationNow',
    label: 'Trigger aggregation of stats, stage and sector focuses',
    does: 'It recounts the directory: the number of investors, their types, and the stage and sector focus counts on the home page.',
  },
];

/** What the runner says once a job has started: what ran and what it does, never an execution id. */
export function functionStarted(name: AdminFunctionName): string {
  const fn = ADMIN_FUNCTIONS.find((f) => f.name === name);
  return `Started “${fn?.label ?? name}”. ${fn?.does ?? ''} The home page shows the new counts within a minute of the job ending.`;
}

const isFunctionName = (value: string): value is AdminFunctionName =>
  ADMIN_FUNCTIONS.some((f) => f.name === value);

/** The function runner: starts one of the three backend jobs. */
export function FunctionRunner() {
  const id = useId();
  const runFunction = useRunAdminFunction();
  const { showToast } = useToast();
  const [choice, setChoice] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [started, setStarted] = useState<AdminFunctionName | null>(null);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!isFunctionName(choice)) {
      setInvalid(true);
      return;
    }
    const fn = ADMIN_FUNCTIONS.find((f) => f.name === choice);
    try {
      await runFunction.mutateAsync(choice);
      setStarted(choice);
      // Not the spec's 'Function run successfully? Check the console for details.' (issue 32): the result in words.
      showToast(`Started “${fn?.label ?? choice}”.`, 'success');
    } catch (error) {
      console.error(`${fn?.callable ?? choice} failed`, error);
      const alreadyRunning = error instanceof ApiError && error.status === 409;
      showToast(
        alreadyRunning ? messages.functionAlreadyRunning : errorRunningFunction(fn?.callable ?? choice),
        'danger',
      );
    }
  };

  return (
    <Card as="section" className="shadow-sm" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 className="h4" id={`${id}-title`}>
          Function Runner
        </h2>
        <p className="small text-body-secondary">
          Starts a backend job. Mapping turns imported investors into searchable entries; aggregation
          recomputes the directory&apos;s counts and focus lists.
        </p>
        <Form noValidate onSubmit={run}>
          <Form.Group className="mb-3" controlId={`${id}-function`}>
            <Form.Label>Function</Form.Label>
            <Form.Select
              value={choice}
              isInvalid={invalid}
              aria-describedby={invalid ? `${id}-function-error` : undefined}
              onChange={(e) => {
                setChoice(e.target.value);
                setInvalid(false);
              }}
            >
              <option value="">Choose a function</option>
              {ADMIN_FUNCTIONS.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid" id={`${id}-function-error`}>
              {messages.selectFunction}
            </Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={runFunction.isPending}>
            {runFunction.isPending ? 'Running...' : 'Run'}
          </Button>
        </Form>
        {started ? (
          <p className="small mt-3 mb-0" role="status">
            {functionStarted(started)}
          </p>
        ) : null}
      </Card.Body>
    </Card>
  );
}

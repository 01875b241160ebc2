import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../shared/api/errors';
import { errorRunningFunction, messages } from '../../../shared/messages';
import { type AdminFunctionName, useRunAdminFunction } from '../../api/run-admin-function';
import { useToast } from '../../components/toast/toast-provider';

/** The function runner's choices: the API's name, the spec's callable name and the label shown. */
export const ADMIN_FUNCTIONS: readonly { name: AdminFunctionName; callable: string; label: string }[] = [
  {
    name: 'processUnmapped',
    callable: 'processUnmappedImportedInvestorEntries',
    label: 'Process unmapped imported investor entries',
  },
  {
    name: 'processAll',
    callable: 'processAllImportedInvestorEntries',
    label: 'Process all imported investor entries',
  },
  {
    name: 'aggregate',
    callable: 'triggerAggregationNow',
    label: 'Trigger aggregation of stats, stage and sector focuses',
  },
];

const isFunctionName = (value: string): value is AdminFunctionName =>
  ADMIN_FUNCTIONS.some((f) => f.name === value);

/** The function runner: starts one of the three backend jobs. */
export function FunctionRunner() {
  const id = useId();
  const runFunction = useRunAdminFunction();
  const { showToast } = useToast();
  const [choice, setChoice] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [lastExecution, setLastExecution] = useState<string | null>(null);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!isFunctionName(choice)) {
      setInvalid(true);
      return;
    }
    const fn = ADMIN_FUNCTIONS.find((f) => f.name === choice);
    try {
      const result = await runFunction.mutateAsync(choice);
      console.log(`${fn?.callable ?? choice} started`, result);
      setLastExecution(result.executionArn);
      showToast(messages.functionRunSuccess, 'success');
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
        {lastExecution ? (
          <p className="small text-body-secondary mt-3 mb-0 text-break">
            Last started: <code>{lastExecution}</code>
          </p>
        ) : null}
      </Card.Body>
    </Card>
  );
}

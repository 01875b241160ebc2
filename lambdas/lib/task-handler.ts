import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { observability } from './middlewares/observability';
// Task inputs that fail validation are logged with English messages.
import './zod-messages';

/**
 * The Lambda handler of a workflow's task function: a middy chain with the Powertools observability
 * of every function (logger context, metrics) around `run`, which gets the task's input
 * validated with `schema` (and the Lambda context, for a task that claims work with a lease). A bad
 * input throws, which Step Functions reports as the task's error.
 */
export function taskHandler<S extends z.core.$ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, context: Context) => Promise<R>,
) {
  return middy<unknown, R, Error, Context>()
    .use(observability())
    .handler(async (event, context) => run(z.parse(schema, event), context));
}

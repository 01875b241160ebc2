import { adminFunctionParams, runFunctionResponse } from '../../../shared/api/admin';
import { messages } from '../../../shared/messages';
import { ConflictError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { lockOfFunction } from '../../lib/table/models';
import {
  acquireFunctionLock,
  releaseFunctionLock,
  setFunctionExecution,
} from '../../lib/table/repositories/function-runs';
import { aggregationWorkflow } from '../../workflows/start/aggregation';
import { mappingWorkflow } from '../../workflows/start/mapping';

/**
 * The admin function's area for the function runner (aggregation, mapping, curation, one at a
 * time). A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'POST /admin/functions/{functionName}': endpoint({
    auth: 'admin',
    params: adminFunctionParams,
    handle: async ({ params, caller }) => {
      const name = params.functionName;
      // Process unmapped and process all share the mapping lock (with imports publishing their rows).
      const lock = lockOfFunction(name);
      const owner = await acquireFunctionLock(lock, caller.sub, new Date());
      if (!owner) throw new ConflictError(messages.functionAlreadyRunning);
      try {
        const executionArn =
          name === 'aggregate'
            ? await aggregationWorkflow.start({ action: 'recount', lockName: lock, lockOwner: owner })
            : await mappingWorkflow.start({
                mode: name === 'processAll' ? 'all' : 'unmapped',
                cursor: null,
                mapped: 0,
                lockName: lock,
                lockOwner: owner,
              });
        await setFunctionExecution(lock, owner, executionArn);
        return runFunctionResponse.parse({ functionName: name, executionArn });
      } catch (error) {
        await releaseFunctionLock(lock, owner);
        throw error;
      }
    },
  }),
};

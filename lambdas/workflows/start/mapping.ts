import { workflow } from '../../lib/workflows';

/** Starts the `mapping` workflow (`lambdas/workflows/registry.ts`). */
export const mappingWorkflow = /* @__PURE__ */ workflow('mapping');

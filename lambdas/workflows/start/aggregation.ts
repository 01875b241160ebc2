import { workflow } from '../../lib/workflows';

/** Starts the `aggregation` workflow (`lambdas/workflows/registry.ts`). */
export const aggregationWorkflow = /* @__PURE__ */ workflow('aggregation');

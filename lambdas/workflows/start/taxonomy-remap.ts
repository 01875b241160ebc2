import { workflow } from '../../lib/workflows';

/** Starts the `taxonomyRemap` workflow (`lambdas/workflows/registry.ts`). */
export const taxonomyRemapWorkflow = /* @__PURE__ */ workflow('taxonomyRemap');

import { workflow } from '../../lib/workflows';

/** Starts the `curation` workflow (`lambdas/workflows/registry.ts`). */
export const curationWorkflow = /* @__PURE__ */ workflow('curation');

import { workflow } from '../../lib/workflows';

/** Starts the `import` workflow (`lambdas/workflows/registry.ts`). */
export const importWorkflow = /* @__PURE__ */ workflow('import');

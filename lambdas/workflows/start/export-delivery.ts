import { workflow } from '../../lib/workflows';

/** Starts the `exportDelivery` workflow (`lambdas/workflows/registry.ts`). */
export const exportDeliveryWorkflow = /* @__PURE__ */ workflow('exportDelivery');

import { workflow } from '../../lib/workflows';

/** Starts the `updateSend` workflow (`lambdas/workflows/registry.ts`): one investor update's emails. */
export const updateSendWorkflow = /* @__PURE__ */ workflow('updateSend');

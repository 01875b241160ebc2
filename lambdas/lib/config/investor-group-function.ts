import * as z from 'zod/mini';
import { readSection, text } from './section';

/** The function that adds a user to the `investor` group (`lambdas/events/investor-group.ts`), by name. */
export const investorGroupFunctionConfig = /* @__PURE__ */ readSection('investor group function', () =>
  z.object({ INVESTOR_GROUP_FUNCTION_NAME: text() }),
);

import * as z from 'zod/mini';
import { readSection, text } from './section';

/** The Cognito user pool whose `investor` group one function adds users to (`lambdas/events/investor-group.ts`). */
export const userPoolConfig = /* @__PURE__ */ readSection('user pool', () =>
  z.object({ COGNITO_USER_POOL_ID: text() }),
);

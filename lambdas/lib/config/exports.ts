import * as z from 'zod/mini';
import { readSection, text } from './section';

/** The exports bucket (the CSV of each purchase, kept for re-delivery and re-download). */
export const exportsConfig = /* @__PURE__ */ readSection('exports', () =>
  z.object({ EXPORTS_BUCKET: text() }),
);

import * as z from 'zod/mini';
import { readSection, text } from './section';

/** The single table: set for every function whose manifest reads or writes any of its items. */
export const tableConfig = /* @__PURE__ */ readSection('table', () => z.object({ TABLE_NAME: text() }));

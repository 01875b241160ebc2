import * as z from 'zod/mini';
import { readSection, text } from './section';

/** The uploads bucket (admins' CSV imports). */
export const uploadsConfig = /* @__PURE__ */ readSection('uploads', () =>
  z.object({ UPLOADS_BUCKET: text() }),
);

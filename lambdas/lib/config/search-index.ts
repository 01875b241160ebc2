import * as z from 'zod/mini';
import { readSection, text } from './section';

/**
 * The directory's search snapshot (docs/data-model.md, "Search index"): the bucket it is kept in and
 * how long a function trusts the copy it holds before it asks S3 whether a newer one was written.
 */
export const searchIndexConfig = /* @__PURE__ */ readSection('search index', () =>
  z.object({
    SEARCH_INDEX_BUCKET: text(),
    SEARCH_INDEX_MAX_AGE_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3600)), 30),
  }),
);

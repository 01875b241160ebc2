import * as z from 'zod/mini';

/** The path parameter of a project's routes (its own module: the shortlist and pipeline take it too). */
export const projectIdParams = z.object({
  projectId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a project id')),
});

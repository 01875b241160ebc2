import * as z from 'zod/mini';
import { singleLine } from './text';

/**
 * Path parameters that several API modules take (a project's, an investor's, a portal's), in a
 * module of their own: a function that takes one does not build the schemas of the module that
 * owns the resource.
 */
export const projectIdParams = z.object({
  projectId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a project id')),
});

export const investorIdParams = z.object({
  investorId: z.string().check(singleLine(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an investor id')),
});

export const portalIdParams = z.object({
  portalId: z.string().check(singleLine(), z.regex(/^[a-z0-9-]{1,63}$/i, 'Not a portal identifier')),
});

import { z } from 'zod';
import { importedInvestorSchema, searchableInvestorSchema } from '../investors/types';

/** GET /admin/imported-investors?email=…: the mapping debugger's lookup by email. */
export const importedInvestorByEmailQuery = z.object({ email: z.string().trim().min(1).max(320) });

export const importedInvestorIdParams = z.object({
  importedInvestorId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an imported investor id'),
});

/** The imported record and the searchable entry it is linked to (null until mapped). */
export const mappingDebugResponse = z.object({
  importedInvestor: importedInvestorSchema,
  searchableInvestor: searchableInvestorSchema.nullable(),
});
export type MappingDebugResponse = z.infer<typeof mappingDebugResponse>;

import * as z from 'zod';
import { fieldMergerActionSchema, mergeableFieldSchema } from '../curation/field-merger';
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

/** POST /admin/field-merger: merge, remove or split values of Sector Focus or Stage Focus. */
export const fieldMergerBody = z.object({
  action: fieldMergerActionSchema,
  field: mergeableFieldSchema,
  selectedValues: z.array(z.string().max(200)).max(50),
  freeFormValue: z.string().max(200).nullable().optional(),
  finalValue: z.string().max(1000).nullable().optional(),
});
export type FieldMergerBody = z.infer<typeof fieldMergerBody>;

export const fieldMergerResponse = z.object({ matched: z.number().int(), updated: z.number().int() });
export type FieldMergerResponse = z.infer<typeof fieldMergerResponse>;

/** GET /admin/debug-field?targetField=…&selectedValues=a,b&finalValue=…: names matching the first value. */
export const debugFieldQuery = z.object({
  targetField: mergeableFieldSchema,
  selectedValues: z.string().max(2000),
  finalValue: z.string().max(1000).optional(),
});

export const debugFieldResponse = z.object({
  field: mergeableFieldSchema,
  value: z.string(),
  investors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DebugFieldResponse = z.infer<typeof debugFieldResponse>;

/** The function runner's three functions. */
export const ADMIN_FUNCTION_NAMES = ['processUnmapped', 'processAll', 'aggregate'] as const;
export const adminFunctionParams = z.object({ functionName: z.enum(ADMIN_FUNCTION_NAMES) });
export const runFunctionResponse = z.object({
  functionName: z.enum(ADMIN_FUNCTION_NAMES),
  executionArn: z.string(),
});
export type RunFunctionResponse = z.infer<typeof runFunctionResponse>;

/** GET /admin/carts: the 50 most recent carts with each creator's email. */
export const adminCartSchema = z.object({
  id: z.string(),
  creatorUserId: z.string(),
  creatorEmail: z.string().nullable(),
  startedDate: z.number().int(),
  status: z.enum(['active', 'purchased']),
  itemCount: z.number().int(),
  totalX100: z.number().int(),
  purchasedAt: z.string().nullable(),
  flaggedReason: z.string().nullable(),
});
export const adminCartsResponse = z.object({ carts: z.array(adminCartSchema) });
export type AdminCartsResponse = z.infer<typeof adminCartsResponse>;

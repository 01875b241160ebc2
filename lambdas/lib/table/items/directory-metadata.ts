import * as z from 'zod/mini';
import { directoryMetadataSchema } from '../../../../shared/api/directory';
import { accessPattern, defineModel } from '../model';
import { DIRECTORY, isoDate } from './common';

const META_PREFIX = 'META#';

/** One record per aggregation run: the API's directory-metadata contract, with a checked timestamp. */
export const directoryMetadataModel = defineModel(
  'directoryMetadata',
  z.extend(directoryMetadataSchema, { createdAt: isoDate }),
  (v) => ({ pk: DIRECTORY, sk: `${META_PREFIX}${v.createdAt}#${v.id}` }),
);

/** The directory metadata records, by creation (the latest: the last one). */
export const directoryMetadataRecords = accessPattern(
  { index: 'table', params: [], description: "The directory's metadata records, by creation (the latest)" },
  () => ({ partition: DIRECTORY, sortPrefix: META_PREFIX }),
);
export type DirectoryMetadata = z.infer<typeof directoryMetadataModel.schema>;

import { taxonomyEditSchema } from '../../../../shared/taxonomy/taxonomy';
import { accessPattern, defineModel, keyFragment } from '../model';
import { TAXONOMY } from './common';

const EDIT_PREFIX = 'EDIT#';

/** An admin's edit of the taxonomy (shared/taxonomy/taxonomy.ts): synonyms added, a sector added. */
export const taxonomyEditModel = defineModel('taxonomyEdit', taxonomyEditSchema, (v) => ({
  pk: TAXONOMY,
  sk: `${EDIT_PREFIX}${v.kind}#${keyFragment(v.value, 900)}`,
}));

/** Every admin edit of the taxonomy (read by every mapping batch and the forms' list: a few hundred). */
export const taxonomyEdits = accessPattern(
  { index: 'table', params: [], description: "The admins' edits of the taxonomy (synonyms, added sectors)" },
  () => ({ partition: TAXONOMY, sortPrefix: EDIT_PREFIX }),
);

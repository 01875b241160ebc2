import { offListMessage } from '../../shared/api/taxonomy';
import type { TaxonomyKind } from '../../shared/taxonomy/taxonomy';
import { BadRequestError } from './errors';
import { OffListError, onListOrRefuse } from './table/repositories/taxonomy';

/** A form's sectors or stages on the taxonomy (the entries' values), or the 400 naming the value off the list. */
export async function onTheList(kind: TaxonomyKind, values: readonly string[]): Promise<string[]> {
  try {
    return await onListOrRefuse(kind, values);
  } catch (error) {
    if (error instanceof OffListError) throw new BadRequestError(offListMessage(error.kind, error.value));
    throw error;
  }
}

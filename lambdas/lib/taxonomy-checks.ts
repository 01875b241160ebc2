import { offListMessage } from '../../shared/api/taxonomy';
import { didYouMean } from '../../shared/taxonomy/match';
import type { TaxonomyKind } from '../../shared/taxonomy/taxonomy';
import { BadRequestError } from './errors';
import { currentTaxonomy, OffListError, onListOrRefuse } from './table/repositories/taxonomy';

/**
 * A form's sectors or stages on the taxonomy (the entries' values), or the 400 naming the value off
 * the list, with the entry it is likely meant for ("robotcs": "Did you mean Robotics?") by the
 * pickers' own rules (shared/taxonomy/match.ts). The server does not take the typo for the entry
 * itself: the picker asks, the founder chooses.
 */
export async function onTheList(kind: TaxonomyKind, values: readonly string[]): Promise<string[]> {
  try {
    return await onListOrRefuse(kind, values);
  } catch (error) {
    if (error instanceof OffListError) {
      const meant = didYouMean((await currentTaxonomy()).entries(error.kind), error.value);
      throw new BadRequestError(offListMessage(error.kind, error.value, meant?.label ?? null));
    }
    throw error;
  }
}

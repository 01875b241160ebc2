import { INVALID_CURSOR } from '../../../shared/api/paging';
import { BadRequestError } from '../../lib/errors';
import { InvalidCursorError } from '../../lib/table/model';

/** One page of an admin list; a cursor the list did not give is a 400 saying what to do. */
export async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
    throw error;
  }
}

import { isApiError } from '../../../../lib/api/errors';
import { filterColumnOf } from '../data/use-table-url-state';

/**
 * A request the service refused because of one part of the view: the user fixes that
 * part, so the grid keeps everything else (other filters, typed text, the rows shown).
 */
export type ViewInputError =
  | { kind: 'filter'; column: string; message: string }
  | { kind: 'sort'; message: string };

export function viewInputErrorOf(error: unknown): ViewInputError | null {
  if (!isApiError(error) || error.status !== 400) return null;
  if (error.param) {
    const column = filterColumnOf(error.param);
    if (column !== null) return { kind: 'filter', column, message: error.message };
    if (error.param === 'sort') return { kind: 'sort', message: error.message };
  }
  if (error.reason === 'invalid_sort') return { kind: 'sort', message: error.message };
  return null;
}

import { describeError } from '../../../../lib/api/describe-error';
import { isApiError } from '../../../../lib/api/errors';
import { isPagingError } from '../../../../lib/api/paging-guard';
import { t } from '../../../../lib/i18n/i18n';
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

/**
 * A sentence for any failure. The client's messages already say what happened and what
 * to do (the 429 one names the wait), so they are shown as they are.
 */
export function describeLoadError(error: unknown): string {
  if (!isApiError(error) && !isPagingError(error)) return t('records.error.loadFailed');
  return describeError(error, t).message;
}

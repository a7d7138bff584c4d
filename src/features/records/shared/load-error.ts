// Room shared/ (no screen): what several records rooms need that draws nothing (what draws
// is in shared-ui/). Owns a load failure's words (here), a count in the language on screen
// (format-count.ts) and what the records list knows of its size (list-facts.ts).
// May import lib/ only.
import { describeError } from '../../../lib/api/describe-error';
import { isApiError } from '../../../lib/api/errors';
import { isPagingError } from '../../../lib/api/paging-guard';
import { t } from '../../../lib/i18n/i18n';

/**
 * A sentence for any failure. The client's messages already say what happened and what
 * to do (the 429 one names the wait), so they are shown as they are.
 */
export function describeLoadError(error: unknown): string {
  if (!isApiError(error) && !isPagingError(error)) return t('records.error.loadFailed');
  return describeError(error, t).message;
}

import { t } from '../../../../lib/i18n/i18n';

export interface TailStatusInput {
  rows: number;
  reachedStart: boolean;
  full: boolean;
  loading: boolean;
  stopped: boolean;
}

/**
 * The status line's count part while the grid shows a view's end (decision 018): where
 * the user is, and that row numbers are unknown until the start is reached.
 */
export function tailStatusText(input: TailStatusInput): string {
  const { rows } = input;
  if (input.reachedStart) return t('records.status.all', { count: rows });
  let text = t('records.tail.showingEnd', { count: rows });
  if (input.loading) text += ` · ${t('records.tail.loadingEarlier')}`;
  else if (input.stopped) text += ` · ${t('records.status.stopped')}`;
  else if (input.full) text += ` · ${t('records.tail.backForEarlier')}`;
  return text;
}

import { formatCount } from '../records-status';

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
  if (input.reachedStart) {
    if (rows === 0) return 'No records';
    return rows === 1 ? '1 record' : `All ${formatCount(rows)} records`;
  }
  let text = `Showing the end: the last ${formatCount(rows)} ${rows === 1 ? 'record' : 'records'}`;
  if (input.loading) text += ' · Loading earlier records…';
  else if (input.stopped) text += ' · loading stopped';
  else if (input.full) text += ' · Back to start for earlier records';
  return text;
}

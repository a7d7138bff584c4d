import { formatNumber } from '../../../lib/i18n/formats';

/** A count in the language on screen ("1,234", "1.234"). */
export function formatCount(count: number): string {
  return formatNumber(count);
}

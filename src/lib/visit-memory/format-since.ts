import { formatDate, formatRelativeTime } from '../i18n/formats';

const DAY_MS = 86_400_000;

export interface FormattedSince {
  /** Which words go before `when` in a message ("today at", the weekday's article, …). */
  kind: 'today' | 'week' | 'older';
  when: string;
  /** How long ago ("2 days ago"). */
  ago: string;
}

/**
 * When the last visit was, as a person says it in the language on screen: the time alone
 * for today, the weekday and time within the week ("Tuesday 2:05 PM", "martes, 14:05"),
 * the date and time before that.
 */
export function formatSince(since: number, now: number = Date.now()): FormattedSince {
  const ago = formatRelativeTime(since, now);
  if (new Date(since).toDateString() === new Date(now).toDateString()) {
    return { kind: 'today', when: formatDate(since, { hour: 'numeric', minute: '2-digit' }), ago };
  }
  if (now - since < 6 * DAY_MS) {
    return {
      kind: 'week',
      when: formatDate(since, { weekday: 'long', hour: 'numeric', minute: '2-digit' }),
      ago,
    };
  }
  return {
    kind: 'older',
    when: formatDate(since, { dateStyle: 'medium', timeStyle: 'short' }),
    ago,
  };
}

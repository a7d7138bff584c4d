/**
 * What the find worker tells the page of its matches (find-worker-core.ts): a keystroke's
 * answer at once, the walk's new matches gathered and posted at most every POST_EVERY_MS.
 *
 * Traced on the mid-tier class (decision 061's addendum, issue 33): a keystroke's answer
 * reached the page behind the walk's pages of matches posted before it, each a message of
 * up to 500 records copied onto the page's main thread (10–35 ms each there, slowed), most
 * of them matches of the query the keystroke was narrowing. Gathered here instead, the
 * page reads at most one batch before the answer, and the matches of the old query that
 * the page has not been sent yet are narrowed here: the ones the new query drops never
 * cross.
 */
import type { RecordRow } from '../../../../lib/api/types';
import type { FindReply, LinkedName } from './find-protocol';
import type { FindStatus, FindUpdate } from './find-store';

/** The walk's new matches are posted at most this often (a batch, then what came since). */
export const POST_EVERY_MS = 100;

export interface MatchPosts {
  /**
   * A page the walk searched (an 'append'): posted now, or with the next batch, with the
   * names of the linked records its matches show (`linked`).
   */
  walked(update: FindUpdate, linked?: readonly LinkedName[]): void;
  /** Posts what the walk found and the page was not sent yet (before the walk's end). */
  flush(): void;
  /**
   * A keystroke's answer (or a page's, where the page reads the view), posted at once: what
   * the page was not sent yet is folded into it, narrowed as the store narrowed it.
   */
  answer(seq: number, update: FindUpdate): void;
  /** A new session: nothing held is posted, and the page holds no match. */
  reset(session: number): void;
}

export function createMatchPosts(
  post: (message: FindReply) => void,
  now: () => number = () => performance.now(),
): MatchPosts {
  let session = -1;
  /** Matches the page holds (posted to it), from the first. */
  let posted = 0;
  /** The walk's matches after those, not posted yet, with the status after the last page. */
  let held: { rows: RecordRow[]; status: FindStatus; linked: LinkedName[] } | null = null;
  let postedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held === null) return;
    const { rows, status, linked } = held;
    held = null;
    postedAt = now();
    posted += rows.length;
    const update: FindUpdate = { kind: 'append', rows, status };
    post({ type: 'walk-update', session, update, ...(linked.length > 0 ? { linked } : {}) });
  };

  /** The answer with what was held folded in: the page then holds every match. */
  const folded = (update: FindUpdate): FindUpdate => {
    const rows = held?.rows ?? [];
    if (rows.length === 0) return update;
    if (update.kind === 'append') return { ...update, rows: [...rows, ...update.rows] };
    if (update.kind !== 'narrow') return update; // 'reset', 'stale': none of it stands
    // The store's positions run over the page's matches, then the held ones.
    const keep: number[] = [];
    const appended: RecordRow[] = [];
    for (const index of update.keep) {
      if (index < posted) keep.push(index);
      else appended.push(rows[index - posted] as RecordRow);
    }
    for (const row of update.appended) appended.push(row);
    return { ...update, keep: Int32Array.from(keep), appended };
  };

  return {
    walked(update, linked = []) {
      if (update.kind !== 'append') {
        // Not what a walk gives; posted in order rather than lost.
        flush();
        post({ type: 'walk-update', session, update });
        posted = update.status.matches;
        return;
      }
      held ??= { rows: [], status: update.status, linked: [] };
      for (const row of update.rows) held.rows.push(row);
      for (const name of linked) held.linked.push(name);
      held.status = update.status;
      const wait = postedAt + POST_EVERY_MS - now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
    answer(seq, update) {
      clearTimeout(timer);
      timer = undefined;
      const linked = held?.linked ?? [];
      const answer = folded(update);
      held = null;
      posted = answer.status.matches;
      post({
        type: 'answer',
        session,
        seq,
        update: answer,
        ...(linked.length > 0 ? { linked } : {}),
      });
    },
    reset(next) {
      clearTimeout(timer);
      timer = undefined;
      held = null;
      posted = 0;
      postedAt = Number.NEGATIVE_INFINITY;
      session = next;
    },
  };
}

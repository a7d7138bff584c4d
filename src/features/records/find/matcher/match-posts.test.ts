import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../../../lib/api/types';
import { record } from '../../testing/records-test-utils';
import { applied } from '../find-state';
import type { FindReply } from './find-protocol';
import type { FindUpdate } from './find-store';
import { createMatchPosts, POST_EVERY_MS } from './match-posts';

const row = (n: number, name: string) => record(`r${n}`, { name });
const status = (query: string, matches: number) => ({
  query,
  matches,
  searched: 0,
  capped: false,
});
const append = (query: string, rows: RecordRow[], matches: number): FindUpdate => ({
  kind: 'append',
  rows,
  status: status(query, matches),
});

/** The posts on a clock the test moves, and the matches the page holds after each. */
function posts() {
  const posted: FindReply[] = [];
  let clock = 0;
  const matchPosts = createMatchPosts(
    (message) => posted.push(message),
    () => clock,
  );
  matchPosts.reset(1);
  const pageHolds = () => {
    let matches: readonly RecordRow[] = [];
    for (const message of posted) {
      if (message.type === 'walk-update' || message.type === 'answer') {
        matches = applied(matches, message.update);
      }
    }
    return matches.map((match) => match.id);
  };
  return {
    posts: matchPosts,
    posted,
    pageHolds,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the matches the find worker posts', () => {
  it('posts the walk’s first matches at once, then what came since at most every batch', () => {
    const { posts: matchPosts, posted, tick, pageHolds } = posts();
    matchPosts.walked(append('ha', [row(1, 'ha')], 1));
    expect(posted).toHaveLength(1);
    tick(10);
    matchPosts.walked(append('ha', [row(2, 'ha')], 2));
    matchPosts.walked(append('ha', [row(3, 'ha')], 3));
    expect(posted).toHaveLength(1);
    matchPosts.flush();
    expect(posted).toHaveLength(2);
    expect(pageHolds()).toEqual(['r1', 'r2', 'r3']);
    tick(POST_EVERY_MS);
    matchPosts.walked(append('ha', [row(4, 'ha')], 4));
    expect(posted).toHaveLength(3);
  });

  it('answers a keystroke at once, ahead of the held matches, which it narrows: the dropped ones never cross', () => {
    const { posts: matchPosts, posted, tick, pageHolds } = posts();
    matchPosts.walked(append('h', [row(1, 'had'), row(2, 'hop')], 2));
    tick(10);
    // Held: the page has not been sent these.
    matchPosts.walked(append('h', [row(3, 'hat'), row(4, 'had it'), row(5, 'hum')], 5));
    expect(posted).toHaveLength(1);
    // The store narrowed 'h' to 'ha' over all five (positions 0, 2, 3) and found r6 after.
    matchPosts.answer(7, {
      kind: 'narrow',
      keep: Int32Array.from([0, 2, 3]),
      appended: [row(6, 'ham')],
      status: status('ha', 4),
    });
    expect(posted.map((message) => message.type)).toEqual(['walk-update', 'answer']);
    const answer = posted[1];
    expect(answer?.type === 'answer' && answer.seq).toBe(7);
    expect(pageHolds()).toEqual(['r1', 'r3', 'r4', 'r6']);
    // r5 ('hum') was dropped before it crossed.
    const crossed = posted.flatMap((message) =>
      message.type === 'answer' && message.update.kind === 'narrow'
        ? message.update.appended.map((match) => match.id)
        : [],
    );
    expect(crossed).toEqual(['r3', 'r4', 'r6']);
    // The walk goes on: its next matches follow the answer's.
    tick(POST_EVERY_MS);
    matchPosts.walked(append('ha', [row(7, 'hay')], 5));
    expect(pageHolds()).toEqual(['r1', 'r3', 'r4', 'r6', 'r7']);
  });

  it('drops what it held for a query answered afresh, and for a new session', () => {
    const { posts: matchPosts, posted, tick, pageHolds } = posts();
    matchPosts.walked(append('ha', [row(1, 'ha')], 1));
    tick(1);
    matchPosts.walked(append('ha', [row(2, 'ha')], 2));
    matchPosts.answer(1, { kind: 'reset', rows: [row(9, 'zed')], status: status('zed', 1) });
    expect(pageHolds()).toEqual(['r9']);
    tick(1);
    matchPosts.walked(append('zed', [row(10, 'zed')], 2));
    matchPosts.reset(2);
    matchPosts.flush();
    expect(posted.filter((message) => message.session === 2)).toEqual([]);
  });

  it('folds held matches into an answer that adds none (the same words)', () => {
    const { posts: matchPosts, tick, pageHolds } = posts();
    matchPosts.walked(append('ha', [row(1, 'ha')], 1));
    tick(1);
    matchPosts.walked(append('ha', [row(2, 'ha')], 2));
    matchPosts.answer(1, append('ha ', [], 2));
    expect(pageHolds()).toEqual(['r1', 'r2']);
  });
});

describe('the linked names posted with the matches', () => {
  it('go with the batch of matches that shows them, or with the answer that folds it in', () => {
    const { posts: matchPosts, posted, tick } = posts();
    matchPosts.walked(append('h', [row(1, 'h')], 1), [['tbl-customers', 'c1', 'Haddad']]);
    tick(10);
    matchPosts.walked(append('h', [row(2, 'h')], 2), [['tbl-customers', 'c2', 'Okafor']]);
    matchPosts.answer(1, append('h ', [], 2));
    expect(posted.map((message) => ('linked' in message ? message.linked : null))).toEqual([
      [['tbl-customers', 'c1', 'Haddad']],
      [['tbl-customers', 'c2', 'Okafor']],
    ]);
  });
});

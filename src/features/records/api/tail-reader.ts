import { PagingError, PagingGuard } from '../../../lib/api/paging-guard';
import type { Page, RecordQuery, RecordRow } from '../../../lib/api/types';
import { fetchPageWithRetries } from '../../../lib/api/walk-pages';
import { type IdOrder, type ReversalPlan, takeReversedPage } from './reverse-order';

export type ReversedPageFetch = (
  query: RecordQuery,
  request: { cursor: string | null; limit: number; signal: AbortSignal },
) => Promise<Page<RecordRow>>;

export interface TailChunk {
  /** The records this read adds, nearest the end first. */
  rows: RecordRow[];
  /** True once the start of the view was reached: nothing lies before these rows. */
  reachedStart: boolean;
}

/**
 * Reads a view backwards from its end, one reversed page per call, along a plan from
 * ./reverse-order.ts. Every page is checked before anyone sees it: a repeated cursor or a
 * record id already read stops with a PagingError (as the walk does), a page that would
 * not mirror the view throws ReversalRefused.
 */
export class TailReader {
  private readonly guard = new PagingGuard();
  private segment = 0;
  private cursor: string | null = null;
  private pageIndex = 0;
  private last: RecordRow | null = null;
  private finished = false;

  constructor(
    private readonly plan: Extract<ReversalPlan, { kind: 'reverse' }>,
    private readonly expectedTies: IdOrder,
    private readonly fetchPage: ReversedPageFetch,
    private readonly pageSize: number,
  ) {}

  get reachedStart(): boolean {
    return this.finished;
  }

  /** Reads the next reversed page that has records (an empty block may be empty). */
  async readEarlier(signal: AbortSignal): Promise<TailChunk> {
    while (!this.finished) {
      const segment = this.plan.segments[this.segment];
      if (!segment) {
        this.finished = true;
        break;
      }
      const { cursor } = this;
      const page = await fetchPageWithRetries({
        fetchPage: () => this.fetchPage(segment.query, { cursor, limit: this.pageSize, signal }),
        signal,
      });
      const { taken, ended } = takeReversedPage(
        page.items,
        segment,
        this.plan.column,
        this.expectedTies,
        this.last,
        this.segment > 0,
      );
      // Only what is shown is checked and remembered: the empty records a valued page
      // ends with were read in the segment before.
      // Each run has its own cursors: one run's may look like another's.
      const inRun = (value: string | null) => (value === null ? null : `${this.segment}:${value}`);
      const problem = this.guard.admit(
        this.pageIndex,
        inRun(cursor),
        taken.map((row) => row.id),
        ended ? null : inRun(page.nextCursor),
      );
      if (problem) throw new PagingError(problem);
      this.pageIndex += 1;
      if (ended || page.nextCursor === null) {
        this.segment += 1;
        this.cursor = null;
        if (ended || this.segment >= this.plan.segments.length) this.finished = true;
      } else {
        this.cursor = page.nextCursor;
      }
      const lastTaken = taken.at(-1);
      if (lastTaken) this.last = lastTaken;
      if (taken.length > 0) return { rows: taken, reachedStart: this.finished };
    }
    return { rows: [], reachedStart: true };
  }
}

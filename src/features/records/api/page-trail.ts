import { PagingGuard, type PagingProblem } from '../../../lib/api/paging-guard';

/**
 * What the grid remembers about every page of one view it has seen, after the page's rows
 * have left memory: the cursor that fetches it again and how many rows it held. A few
 * bytes a page, so even 2,000 pages (a million records) cost little, while the rows
 * themselves stay bounded by the query's `maxPages` window.
 */
export class PageTrail {
  /** `cursors[k]` fetches page k; page 0 starts without a cursor. */
  private readonly cursors: Array<string | null> = [null];
  private readonly counts: number[] = [];
  private endIndex: number | null = null;
  /** Cursors and record ids seen: what every later page is checked against. */
  readonly guard = new PagingGuard();
  /** Set when the service's paging contradicted itself: the view ends before it. */
  private stoppedBy: PagingProblem | null = null;

  get problem(): PagingProblem | null {
    return this.stoppedBy;
  }

  /** Index one past the furthest page seen: a page there extends the list. */
  get frontier(): number {
    return this.counts.length;
  }

  /**
   * Ends the view where the service went wrong: after the looping page (its rows were
   * sound, `rowCount` of them), or before the page that repeated a record.
   */
  stop(problem: PagingProblem, rowCount: number | null): void {
    this.stoppedBy = problem;
    const lastPage = problem.kind === 'repeated_cursor' ? problem.pageIndex : problem.pageIndex - 1;
    if (rowCount !== null && lastPage === problem.pageIndex) this.counts[lastPage] = rowCount;
    this.counts.length = Math.min(this.counts.length, lastPage + 1);
    this.cursors.length = Math.min(this.cursors.length, lastPage + 1);
  }

  record(index: number, rowCount: number, nextCursor: string | null): void {
    this.counts[index] = rowCount;
    if (nextCursor === null) {
      this.endIndex = index;
      // A shorter list than remembered (records deleted since): forget pages past the end.
      this.counts.length = index + 1;
      this.cursors.length = Math.min(this.cursors.length, index + 1);
    } else {
      this.cursors[index + 1] = nextCursor;
      if (this.endIndex !== null && this.endIndex <= index) this.endIndex = null;
    }
  }

  /** The page to fetch after every page seen (null when the end, or a stop, was reached). */
  nextPage(): { index: number; cursor: string } | null {
    if (this.endIndex !== null || this.stoppedBy !== null) return null;
    const index = this.counts.length;
    const cursor = this.cursors[index];
    return typeof cursor === 'string' ? { index, cursor } : null;
  }

  /** Undefined when the page was never reached, so it can't be fetched out of order. */
  cursorOf(index: number): string | null | undefined {
    return this.cursors[index];
  }

  /** Rows on the pages before `index`: where page `index` starts in the whole list. */
  rowsBefore(index: number): number {
    let total = 0;
    for (let k = 0; k < index && k < this.counts.length; k += 1) total += this.counts[k] ?? 0;
    return total;
  }

  /** Rows on every page seen so far (loaded now or earlier). */
  knownRowCount(): number {
    return this.rowsBefore(this.counts.length);
  }

  /** True once a page with no next cursor was seen: the list's length is known. */
  get reachedEnd(): boolean {
    return this.endIndex !== null;
  }

  /** The page holding row `rowIndex`, or null when that row is past every page seen. */
  pageOfRow(rowIndex: number): number | null {
    let start = 0;
    for (let k = 0; k < this.counts.length; k += 1) {
      const count = this.counts[k] ?? 0;
      if (rowIndex < start + count) return k;
      start += count;
    }
    return null;
  }
}

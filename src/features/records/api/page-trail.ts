import { PagingGuard, type PagingProblem } from '../../../lib/api/paging-guard';

/** A trail as kept between page loads: the cursor of each page and its row count. */
export interface TrailSnapshot {
  /** `cursors[k]` fetches page k (`cursors[0]` is null). */
  cursors: Array<string | null>;
  counts: number[];
  /** Whether the last counted page was the view's last. */
  reachedEnd: boolean;
}

/** Where a view restored from a snapshot starts: the page the user was on. */
export interface ResumePoint {
  index: number;
  cursor: string | null;
}

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
  guard = new PagingGuard();
  /** Set when the service's paging contradicted itself: the view ends before it. */
  private stoppedBy: PagingProblem | null = null;

  /** Set by `restore`: the first page to fetch is this one, not page 0. */
  private resumeAt: ResumePoint | null = null;

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

  /** Rows page `index` held when last read (undefined before it was read). */
  rowCountOf(index: number): number | undefined {
    return this.counts[index];
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

  /** The pages counted so far, to keep across page loads (up to `pageLimit` pages). */
  snapshot(pageLimit: number = Number.POSITIVE_INFINITY): TrailSnapshot | null {
    if (this.counts.length === 0 || this.counts.length > pageLimit) return null;
    const pages = this.counts.length;
    return {
      // With the next page's cursor, if known: the view can go on from the last page counted.
      cursors: this.cursors.slice(0, pages + 1),
      counts: [...this.counts],
      reachedEnd: this.endIndex === pages - 1,
    };
  }

  /**
   * Takes up a trail kept from an earlier page load, so the view can start at page
   * `resumeIndex` (its cursor still fetches it: cursors don't expire) with every earlier
   * page's position known. Only an empty trail takes one; a malformed snapshot is ignored.
   * Every page fetched afterwards is checked and recorded as usual, so a list that changed
   * since corrects the counts as the user scrolls.
   */
  restore(snapshot: TrailSnapshot, resumeIndex: number): boolean {
    if (this.counts.length > 0 || this.resumeAt !== null) return false;
    const { cursors, counts } = snapshot;
    const sound =
      (cursors.length === counts.length || cursors.length === counts.length + 1) &&
      counts.length > 0 &&
      cursors[0] === null &&
      cursors.slice(1).every((cursor) => typeof cursor === 'string' && cursor !== '') &&
      counts.every((count) => Number.isInteger(count) && count >= 0) &&
      Number.isInteger(resumeIndex) &&
      resumeIndex >= 0 &&
      resumeIndex < counts.length;
    if (!sound) return false;
    this.cursors.length = 0;
    this.cursors.push(...cursors);
    this.counts.push(...counts);
    if (snapshot.reachedEnd) this.endIndex = counts.length - 1;
    this.resumeAt = { index: resumeIndex, cursor: cursors[resumeIndex] ?? null };
    return true;
  }

  /**
   * Forgets a restored trail whose resume page the service refused (its cursor no longer
   * belongs to the list: `invalid_cursor`): the view starts over at its top.
   */
  restart(): void {
    this.cursors.length = 0;
    this.cursors.push(null);
    this.counts.length = 0;
    this.endIndex = null;
    this.stoppedBy = null;
    this.guard = new PagingGuard();
    this.resumeAt = null;
    this.restarted = true;
  }

  /** True once a restored trail was given up (`restart`). */
  restarted = false;

  /** The page a restored view starts at; null for a view that starts at its top. */
  get resumePoint(): ResumePoint | null {
    return this.resumeAt;
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

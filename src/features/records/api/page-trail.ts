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

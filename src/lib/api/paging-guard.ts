/**
 * Checks what a service's paging claims against what it already sent: a `next_cursor`
 * handed out before (a loop) or a record id already seen (a duplicate) means the list can
 * no longer be trusted from there on. Ids are kept as 53-bit fingerprints (a few bytes
 * each) so a walk over a million records stays small; two different ids share one with a
 * chance of about 1 in 10,000 at a million records.
 */
import type { Translate } from '../i18n/i18n-react';

/**
 * 'no_progress': more than MAX_EMPTY_PAGES_IN_A_ROW pages in a row with no item but a
 * next cursor, so following the list may never end.
 */
export type PagingProblemKind = 'repeated_cursor' | 'duplicate_id' | 'no_progress';

/**
 * Empty pages with a next cursor tolerated in a row before the list counts as not moving.
 * A service that filters after reading a fixed slice (hidden or deleted items, rights
 * checked per item) may answer a page with none and a cursor to go on; one that keeps
 * doing it is not going anywhere. Two allows for a slice or two of hidden items and
 * still stops a looping service after three requests.
 */
export const MAX_EMPTY_PAGES_IN_A_ROW = 2;

export interface PagingProblem {
  kind: PagingProblemKind;
  /** Position of the page that showed the problem (0 = first page). */
  pageIndex: number;
  /** The repeated id, for 'duplicate_id'. */
  recordId: string | null;
}

/** Which list a paging message is about: its items' words (and their gender) come from the catalog. */
export type ListKind = 'records' | 'tasks' | 'pages' | 'projects' | 'skills' | 'tables';

/** The typed error a walk stops with when the service's paging contradicts itself. */
export class PagingError extends Error {
  override readonly name = 'PagingError';
  readonly problem: PagingProblem;
  readonly listKind: ListKind;

  /** `message` is for logs; people read pagingProblemMessage(problem, listKind, t). */
  constructor(problem: PagingProblem, listKind: ListKind = 'records') {
    super(
      `Paging stopped: ${problem.kind} on page ${problem.pageIndex + 1}${problem.recordId ? ` (id ${problem.recordId})` : ''}`,
    );
    this.problem = problem;
    this.listKind = listKind;
  }
}

export function isPagingError(error: unknown): error is PagingError {
  return error instanceof PagingError;
}

/**
 * A sentence for the user: what the service did, and that nothing was shown twice, about
 * a list of `listKind` (a catalog select: its nouns agree in gender in es and pt-BR).
 */
export function pagingProblemMessage(
  problem: PagingProblem,
  listKind: ListKind,
  t: Translate,
): string {
  const page = problem.pageIndex + 1;
  if (problem.kind === 'repeated_cursor') {
    return t('common.paging.repeatedCursor', { page, list: listKind });
  }
  if (problem.kind === 'no_progress') {
    return t('common.paging.noProgress', {
      page,
      pages: MAX_EMPTY_PAGES_IN_A_ROW + 1,
      list: listKind,
    });
  }
  return problem.recordId
    ? t('common.paging.duplicateWithId', { page, id: problem.recordId, list: listKind })
    : t('common.paging.duplicate', { page, list: listKind });
}

/**
 * Each list's kind, by name (what screens pass to useCheckedList). Kept under its old name
 * so screens need no change: the nouns themselves are in the catalog now.
 */
export const LIST_NOUNS = {
  tables: 'tables',
  skills: 'skills',
  tasks: 'tasks',
  pages: 'pages',
  projects: 'projects',
} as const satisfies Record<string, ListKind>;

/** The same, for a list on screen: and how many of its items are shown (two whole sentences). */
export function listStoppedMessage(
  problem: PagingProblem,
  listKind: ListKind,
  shown: number,
  t: Translate,
): string {
  return `${pagingProblemMessage(problem, listKind, t)} ${t('common.paging.shownSoFar', { list: listKind, count: shown })}`;
}

/** cyrb53: a small, well-spread 53-bit string hash (public domain, bryc). */
export function idFingerprint(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i += 1) {
    const ch = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * How many pages hold each id fingerprint, kept in typed arrays (open addressing, linear
 * probing): no object per id. A Map of 53-bit fingerprints held each one as a heap number,
 * 100,000 of them once a table was scrolled 100,000 records down, and every collection of
 * the old heap marked and moved them all (decision 041). A count that falls to 0 keeps its
 * slot, as an id seen once is likely to be seen again (a page read again).
 */
export class FingerprintCounts {
  /** NaN: a free slot (fingerprints are integers). */
  private keys = new Float64Array(1024).fill(Number.NaN);
  private counts = new Uint32Array(1024);
  private used = 0;

  get(fingerprint: number): number {
    const slot = this.slotOf(fingerprint);
    return this.keys[slot] === fingerprint ? (this.counts[slot] ?? 0) : 0;
  }

  /** Adds `delta` (±1) to the count, never below 0. */
  add(fingerprint: number, delta: number): void {
    let slot = this.slotOf(fingerprint);
    if (this.keys[slot] !== fingerprint) {
      if (delta <= 0) return;
      if ((this.used + 1) * 2 > this.keys.length) {
        this.grow();
        slot = this.slotOf(fingerprint);
      }
      this.keys[slot] = fingerprint;
      this.used += 1;
    }
    this.counts[slot] = Math.max(0, (this.counts[slot] ?? 0) + delta);
  }

  /** The fingerprint's slot, or the free slot where it would go. */
  private slotOf(fingerprint: number): number {
    const mask = this.keys.length - 1;
    let slot = (fingerprint >>> 0) & mask;
    for (;;) {
      const key = this.keys[slot];
      if (key === fingerprint || key === undefined || Number.isNaN(key)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Float64Array(keys.length * 2).fill(Number.NaN);
    this.counts = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i];
      if (key === undefined || Number.isNaN(key)) continue;
      const slot = this.slotOf(key);
      this.keys[slot] = key;
      this.counts[slot] = counts[i] ?? 0;
    }
  }
}

/**
 * The cursors and record ids of one list, page by page. Pages past the furthest one
 * seen extend the list; a page seen before (scrolling back up, a seek) replaces its own
 * ids, so re-reading a page is never mistaken for a duplicate.
 */
export class PagingGuard {
  /** Cursor → the page it fetches. Page 0 has none. */
  private readonly cursorPages = new Map<string, number>();
  private readonly idCounts = new FingerprintCounts();
  private readonly pageIds: Array<Float64Array | undefined> = [];

  /**
   * Checks page `pageIndex` (fetched with `cursor`) before anyone sees it. Returns the
   * problem, or null after recording the page's ids and where its `nextCursor` leads.
   * A duplicate id rejects the whole page (nothing recorded); a repeated next cursor
   * accepts the page's own records but ends the list after it.
   */
  admit(
    pageIndex: number,
    cursor: string | null,
    ids: readonly string[],
    nextCursor: string | null,
  ): PagingProblem | null {
    const fingerprints = new Float64Array(ids.length);
    const previous = this.pageIds[pageIndex];
    const ownBefore = new Set(previous ?? []);
    const inPage = new Set<number>();
    for (let i = 0; i < ids.length; i += 1) {
      const fingerprint = idFingerprint(ids[i] ?? '');
      const elsewhere = this.idCounts.get(fingerprint) - (ownBefore.has(fingerprint) ? 1 : 0);
      if (elsewhere > 0 || inPage.has(fingerprint)) {
        return { kind: 'duplicate_id', pageIndex, recordId: ids[i] ?? null };
      }
      inPage.add(fingerprint);
      fingerprints[i] = fingerprint;
    }
    if (previous) for (const fingerprint of previous) this.idCounts.add(fingerprint, -1);
    for (const fingerprint of fingerprints) this.idCounts.add(fingerprint, 1);
    this.pageIds[pageIndex] = fingerprints;
    if (cursor !== null && !this.cursorPages.has(cursor)) this.cursorPages.set(cursor, pageIndex);
    if (nextCursor === null) return null;
    const leadsTo = this.cursorPages.get(nextCursor);
    if (nextCursor === cursor || (leadsTo !== undefined && leadsTo !== pageIndex + 1)) {
      return { kind: 'repeated_cursor', pageIndex, recordId: null };
    }
    this.cursorPages.set(nextCursor, pageIndex + 1);
    return null;
  }

  /** Ids recorded so far (each counted once per page holding it). */
  get idCount(): number {
    let total = 0;
    for (const page of this.pageIds) total += page?.length ?? 0;
    return total;
  }
}

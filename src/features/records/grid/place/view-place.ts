import type { RecordRow } from '../../../../lib/api/types';
import type { TrailSnapshot } from '../../api/page-trail';
import type { RecordPage } from '../../api/record-queries';

/**
 * What the grid keeps of a view between page loads (docs/decisions/017), and the checks
 * that read it back: web storage is the user's to edit, and an older version may have
 * written it, so anything malformed is read as nothing.
 */

/** The longest trail kept (200,000 rows): longer ones would cost storage at every scroll. */
export const MAX_TRAIL_PAGES = 400;

/** The row at the top of the viewport: found again by its record id. */
export interface TopRow {
  recordId: string;
  /** Its position in the list then, the fallback when the record is gone. */
  row: number;
  /** The page that held it (an index into the trail). */
  page: number;
}

/** A view's place, kept in sessionStorage. */
export interface ViewPlace {
  trail: TrailSnapshot;
  top: TopRow;
}

/** A view's page around the user's place, kept on the device ("Remember on this device"). */
export interface SavedRows extends ViewPlace {
  page: RecordPage;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function trailOf(value: unknown): TrailSnapshot | null {
  if (!isObject(value)) return null;
  const { cursors, counts, reachedEnd } = value;
  if (!Array.isArray(cursors) || !Array.isArray(counts) || typeof reachedEnd !== 'boolean') {
    return null;
  }
  if (counts.length === 0 || counts.length > MAX_TRAIL_PAGES) return null;
  if (!cursors.every((cursor) => cursor === null || typeof cursor === 'string')) return null;
  if (!counts.every((count) => Number.isInteger(count) && count >= 0)) return null;
  return { cursors, counts, reachedEnd };
}

function topOf(value: unknown, trail: TrailSnapshot): TopRow | null {
  if (!isObject(value)) return null;
  const { recordId, row, page } = value;
  if (typeof recordId !== 'string' || recordId === '') return null;
  if (!Number.isInteger(row) || (row as number) < 0) return null;
  if (!Number.isInteger(page) || (page as number) < 0 || (page as number) >= trail.counts.length) {
    return null;
  }
  return { recordId, row: row as number, page: page as number };
}

export function readViewPlace(value: unknown): ViewPlace | null {
  if (!isObject(value)) return null;
  const trail = trailOf(value.trail);
  const top = trail ? topOf(value.top, trail) : null;
  return trail && top ? { trail, top } : null;
}

function recordOf(value: unknown): RecordRow | null {
  if (!isObject(value)) return null;
  const { id, fields, createdAt, updatedAt } = value;
  if (typeof id !== 'string' || !isObject(fields)) return null;
  return {
    id,
    fields,
    createdAt: typeof createdAt === 'string' ? createdAt : null,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : null,
  };
}

export function readSavedRows(value: unknown): SavedRows | null {
  const place = readViewPlace(value);
  if (!place || !isObject(value) || !isObject(value.page)) return null;
  const { index, items, nextCursor } = value.page;
  if (index !== place.top.page || !Array.isArray(items)) return null;
  if (nextCursor !== null && typeof nextCursor !== 'string') return null;
  const rows = items.map(recordOf);
  if (rows.some((row) => row === null)) return null;
  // A page the service would not have sent (a record twice) is not shown.
  const ids = new Set(rows.map((row) => row?.id));
  if (ids.size !== rows.length) return null;
  return {
    ...place,
    page: { index: place.top.page, items: rows as RecordRow[], nextCursor },
  };
}

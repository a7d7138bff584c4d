/** The demo's clock: every time in the seed is counted from BASE_MS, so each seed is the same. */

export const BASE_MS = Date.UTC(2026, 0, 5, 9, 0, 0);

export const MINUTE = 60_000;

export const DAY = 86_400_000;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// Apart from the store (find-store.ts, loaded with the first find): the status line, drawn
// with the records' first rows, says the bound too.

/** Matches kept at most: the walk stops there, and the status says so. */
export const MAX_MATCHES = 10_000;

// Apart from the queries (and TanStack Query) because the start-up script asks for a
// view's first page too (src/main.ts), and must ask for the same one.

/** A small first page paints a new sort or filter quickly; later pages are large to keep requests few. */
export const FIRST_PAGE_SIZE = 100;
export const PAGE_SIZE = 500;

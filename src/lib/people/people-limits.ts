/*
 * How much the dashboard takes from a people directory or a person, apart from
 * people-source.ts: that file is start-up code (config.json's check, loaded on its own when
 * a deployment names a directory), and the lazy pages' people code importing it from
 * there put it in their shared chunk, which then loaded on the connect screen (25 KB).
 */

/** Characters a people file may have: a few thousand people fit many times over. */
export const MAX_PEOPLE_FILE_CHARS = 512 * 1024;
/** People a directory holds at most (a table is read no further, a file must not hold more). */
export const MAX_PEOPLE = 5_000;
/** Longest id or name accepted from a directory or a person. */
export const MAX_PERSON_TEXT = 200;

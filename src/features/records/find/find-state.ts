/**
 * A find's state as the screen holds it (the list shows its matches while one is on; the
 * matches themselves are in find-matches.ts), and how a matcher's update or a walk's end
 * changes them. Pure but for the hooks that hold them.
 */
import { type Dispatch, type SetStateAction, useState } from 'react';
import type { Column, Connection, RecordQuery, RecordRow } from '../../../lib/api/types';
import type { ViewWalker } from '../count/view-walk';
import type { NameSource } from '../export/reference-names';
import { createFindMatchesStore, type FindMatchesStore } from './find-matches';
import type { FindProgressStore } from './find-progress';
import type { FindUpdate } from './matcher/find-store';
import type { FindEnd } from './walk/find-walk';

export type FindPhase = 'idle' | 'searching' | 'done' | 'stopped' | 'capped' | 'failed';

export interface FindState {
  /** What the matches shown are for, as typed ('' when nothing is being found). */
  text: string;
  phase: FindPhase;
  /** Why the search stopped ('failed'): an ApiError, a PagingError. */
  error: unknown;
  /** The service searched (its own text-search parameter), not a walk of the view here. */
  byService: boolean;
}

export interface Find extends FindState {
  /**
   * The matches so far, in the view's order: apart from the state, so that a batch of them
   * draws only the parts that show them (useFindMatches), not the records screen.
   */
  matches: FindMatchesStore;
  /**
   * Records searched so far and any wait on the service: apart from the state, so that a
   * page searched without a new match draws only what shows it (useFindProgress).
   */
  progress: FindProgressStore;
  /** Stops reading the view; the matches found stay. */
  stop: () => void;
  /** Reads the view again from its first page (after a failure or a stop). */
  searchAgain: () => void;
  /**
   * The box's keystroke, asked of the worker at once (the `text` option, drawn in a
   * transition, follows with it).
   */
  type: (text: string) => void;
  /**
   * A find may come (idle after the grid's rows) or is likely (`likely`: the box focused or
   * pointed at): its code, worker and the grid's loaded pages are made ready before the first
   * key, and when likely the pages' linked names are read too.
   */
  prepare: (likely: boolean) => void;
}

export interface UseFindOptions {
  tableId: string;
  /** The view as the grid asks for it: the find keeps its sort and filters. */
  query: RecordQuery;
  /** What to find, as typed ('' for nothing). */
  text: string;
  /** The columns searched: the ones on screen. */
  columns: readonly Column[];
  walker: ViewWalker;
  /**
   * The connection the page's API client uses: the find worker reads the view with its
   * own client on it (the app's view walker, `walker` aside). Null or absent: the view is
   * read on the page with `walker`.
   */
  connection?: Connection | null;
  /** Where linked records' names are read (as an export reads them); null: ids only. */
  nameSource: NameSource | null;
  /**
   * People's names by their user or bot id (the people directory): a text value holding
   * an id is found by the person's name too. New names start a new search.
   */
  people?: ReadonlyMap<string, string>;
  /**
   * Asks for the records list's text-search parameter the service advertises (decision
   * 057), or null: the service is then asked instead of the view being walked. Asked when
   * a search first begins, and its answer kept; absent: none, walk. An answer draws
   * nothing: the screen never waits on the service's document (decision 061's addendum).
   */
  textSearch?: () => Promise<string | null>;
  /**
   * Where the find keeps its state, when the screen needs the matches before the find's
   * own columns are known (the grid's rows come from them): useFindState().
   */
  state?: FindStateHandle;
  /** Where the find keeps its matches, when the screen holds them too: useFindMatchesStore(). */
  matches?: FindMatchesStore;
}

export type FindStateHandle = [FindState, Dispatch<SetStateAction<FindState>>];

/** The find's state, held by the screen (see UseFindOptions.state). */
export function useFindState(): FindStateHandle {
  return useState<FindState>(IDLE);
}

/** The find's matches, held by the screen (see UseFindOptions.matches). */
export function useFindMatchesStore(): FindMatchesStore {
  return useState(createFindMatchesStore)[0];
}

export const IDLE: FindState = {
  text: '',
  phase: 'idle',
  error: null,
  byService: false,
};

export function applied(matches: readonly RecordRow[], update: FindUpdate): readonly RecordRow[] {
  switch (update.kind) {
    case 'reset':
      return update.rows;
    case 'append':
      return update.rows.length === 0 ? matches : [...matches, ...update.rows];
    case 'narrow': {
      const kept = Array.from(update.keep, (index) => matches[index] as RecordRow);
      return update.appended.length === 0 ? kept : [...kept, ...update.appended];
    }
    case 'stale':
      return [];
  }
}

export function phaseOf(end: FindEnd): FindPhase {
  if (end.kind === 'complete') return 'done';
  if (end.kind === 'cancelled') return 'stopped';
  return end.kind;
}

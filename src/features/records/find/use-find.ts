import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useLocale, useT } from '../../../lib/i18n/i18n-react';
import type { RecordPage, RecordPageParam } from '../api/record-queries';
import type { ViewWalker, WalkWait } from '../count/view-walk';
import {
  createReferenceNames,
  type NameSource,
  namesById,
  type ReferenceNames,
} from '../export/reference-names';
import { createFindEngine, type FindEngine } from './find-engine';
import { findPlanOf } from './find-plan';
import { walkServiceSearch } from './find-service-walk';
import type { FindUpdate } from './find-store';
import { type FindWalkEnd, type LoadedPage, walkForFind } from './find-walk';

/** A pause before a query that can't be answered from what was searched reads the view again. */
const RESTART_AFTER_MS = 250;
const NO_NAMES: ReadonlyMap<string, string | null> = new Map();
const NO_PEOPLE: ReadonlyMap<string, string> = new Map();

export type FindPhase = 'idle' | 'searching' | 'done' | 'stopped' | 'capped' | 'failed';

export interface FindState {
  /** What the matches are for, as typed ('' when nothing is being found). */
  text: string;
  /** The matches so far, in the view's order. */
  matches: readonly RecordRow[];
  /** Records searched so far, from the view's first. */
  searched: number;
  phase: FindPhase;
  wait: WalkWait | null;
  /** Why the search stopped ('failed'): an ApiError, a PagingError. */
  error: unknown;
  /** The service searched (its own text-search parameter), not a walk of the view here. */
  byService: boolean;
}

export interface Find extends FindState {
  /** Stops reading the view; the matches found stay. */
  stop: () => void;
  /** Reads the view again from its first page (after a failure or a stop). */
  searchAgain: () => void;
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
  /** Where linked records' names are read (as an export reads them); null: ids only. */
  nameSource: NameSource | null;
  /**
   * People's names by their user or bot id (the people directory): a text value holding
   * an id is found by the person's name too. New names start a new search.
   */
  people?: ReadonlyMap<string, string>;
  /**
   * The records list's text-search parameter the service advertises (decision 057): the
   * service is asked instead of the view being walked. Null (the default): none, walk.
   * 'unknown': still being found out; a find waits for it.
   */
  textSearchParameter?: string | null | 'unknown';
  /**
   * Where the find keeps its state, when the screen needs the matches before the find's
   * own columns are known (the grid's rows come from them): useFindState().
   */
  state?: FindStateHandle;
}

export type FindStateHandle = [FindState, Dispatch<SetStateAction<FindState>>];

/** The find's state, held by the screen (see UseFindOptions.state). */
export function useFindState(): FindStateHandle {
  return useState<FindState>(IDLE);
}

const IDLE: FindState = {
  text: '',
  matches: [],
  searched: 0,
  phase: 'idle',
  wait: null,
  error: null,
  byService: false,
};

/** The grid's pages of the view from its cache, with the cursor that fetched each. */
function loadedPagesOf(data: InfiniteData<RecordPage, RecordPageParam> | undefined): LoadedPage[] {
  if (!data) return [];
  return data.pages.map((page, i) => ({
    index: page.index,
    cursor: data.pageParams[i]?.cursor ?? null,
    items: page.items,
    nextCursor: page.nextCursor,
    ...(page.problem ? { problem: page.problem } : {}),
  }));
}

function applied(matches: readonly RecordRow[], update: FindUpdate): readonly RecordRow[] {
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

function phaseOf(end: FindWalkEnd): FindPhase {
  if (end.kind === 'complete') return 'done';
  if (end.kind === 'cancelled') return 'stopped';
  return end.kind;
}

/**
 * Find in a table: every record of the view holding what was typed, as the person reads
 * it. The grid's loaded pages are searched at once, then the rest of the view in the
 * background (find-walk.ts), in a worker (find-engine.ts). A keystroke that narrows is
 * answered from what was found; one that can't be is a new search, after a short pause.
 */
export function useFind(options: UseFindOptions): Find {
  const { tableId, query, text, columns, walker, nameSource, people = NO_PEOPLE } = options;
  const textSearchParameter = options.textSearchParameter ?? null;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const t = useT();
  const plan = useMemo(() => findPlanOf(columns, locale, t), [columns, locale, t]);
  const planKey = JSON.stringify(plan);
  const queryKey = JSON.stringify(queryKeys.recordList(tableId, query));
  const ownState = useState<FindState>(IDLE);
  const [state, setState] = options.state ?? ownState;

  const engineRef = useRef<FindEngine | null>(null);
  const run = useRef({
    session: 0,
    controller: null as AbortController | null,
    names: null as ReferenceNames | null,
    sentText: '',
    matches: [] as readonly RecordRow[],
    end: null as FindWalkEnd | null,
    restartTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  // The latest of everything a session starts from, read when it starts (not a dependency).
  const latest = useRef({
    plan,
    query,
    columns,
    nameSource,
    walker,
    client,
    text,
    people,
    textSearchParameter,
  });
  latest.current = {
    plan,
    query,
    columns,
    nameSource,
    walker,
    client,
    text,
    people,
    textSearchParameter,
  };

  const engine = useCallback((): FindEngine => {
    engineRef.current ??= createFindEngine();
    return engineRef.current;
  }, []);

  const apply = useCallback(
    (session: number, update: FindUpdate) => {
      const current = run.current;
      if (session !== current.session) return;
      current.matches = applied(current.matches, update);
      const matches = current.matches;
      setState((before) => ({
        ...before,
        text: update.status.query,
        matches,
        searched: update.status.searched,
      }));
    },
    [setState],
  );

  /** A walk ended (the view's, or the service's search): its phase, unless it was superseded. */
  const finish = useCallback(
    (session: number, controller: AbortController, end: FindWalkEnd) => {
      const current = run.current;
      if (session !== current.session || current.controller !== controller) return;
      current.end = end;
      current.controller = null;
      setState((before) => ({
        ...before,
        phase: phaseOf(end),
        wait: null,
        error: end.kind === 'failed' ? end.error : null,
      }));
    },
    [setState],
  );

  const walk = useCallback(
    (session: number, resumeFrom: Extract<FindWalkEnd, { kind: 'capped' }>['resumeFrom']) => {
      const current = run.current;
      const { query: walkQuery, columns: walkColumns, nameSource: source } = latest.current;
      const controller = new AbortController();
      current.controller = controller;
      current.end = null;
      current.names?.close();
      current.names =
        source !== null && walkColumns.some((column) => column.type === 'REFERENCE')
          ? createReferenceNames({ source, columns: walkColumns, signal: controller.signal })
          : null;
      const names = current.names;
      setState((before) => ({ ...before, phase: 'searching', wait: null, error: null }));
      void walkForFind({
        walker: latest.current.walker,
        client: latest.current.client,
        tableId,
        query: walkQuery,
        signal: controller.signal,
        loaded: resumeFrom
          ? []
          : loadedPagesOf(
              queryClient.getQueryData<InfiniteData<RecordPage, RecordPageParam>>(
                queryKeys.recordList(tableId, walkQuery),
              ),
            ),
        resumeFrom,
        search: async (rows) =>
          engine().addPage(rows, names ? namesById(await names.prepare(rows)) : NO_NAMES),
        onUpdate: (update) => apply(session, update),
        onWait: (wait) => {
          if (session === run.current.session) setState((before) => ({ ...before, wait }));
        },
      }).then((end) => {
        if (session === run.current.session && current.controller === controller) names?.close();
        finish(session, controller, end);
      });
    },
    [tableId, queryClient, engine, apply, setState, finish],
  );

  /** The service asked with its own text search: each record it answers is a match. */
  const askService = useCallback(
    (session: number, parameter: string, typed: string) => {
      const current = run.current;
      const controller = new AbortController();
      current.controller = controller;
      current.end = null;
      void walkServiceSearch({
        walker: latest.current.walker,
        client: latest.current.client,
        tableId,
        query: latest.current.query,
        parameter,
        text: typed,
        signal: controller.signal,
        onUpdate: (update) => apply(session, update),
        onWait: (wait) => {
          if (session === run.current.session) setState((before) => ({ ...before, wait }));
        },
      }).then((end) => finish(session, controller, end));
    },
    [tableId, apply, setState, finish],
  );

  const startSession = useCallback(() => {
    const current = run.current;
    clearTimeout(current.restartTimer);
    current.controller?.abort();
    current.controller = null;
    current.session += 1;
    current.matches = [];
    current.end = null;
    const typed = latest.current.text;
    current.sentText = typed;
    if (typed.trim() === '') {
      current.names?.close();
      current.names = null;
      setState(IDLE);
      return;
    }
    const parameter = latest.current.textSearchParameter;
    setState({
      ...IDLE,
      text: typed,
      phase: 'searching',
      byService: parameter !== 'unknown' && parameter !== null,
    });
    // Whether the service searches is not known yet: this starts again once it is.
    if (parameter === 'unknown') return;
    if (parameter !== null) {
      askService(current.session, parameter, typed);
      return;
    }
    engine().start(latest.current.plan, latest.current.people, typed);
    walk(current.session, null);
  }, [engine, walk, askService, setState]);

  // A new view, columns, language or people's names: a new search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for query and plan
  useEffect(() => {
    startSession();
  }, [tableId, queryKey, planKey, people, textSearchParameter, startSession]);

  // A keystroke: narrowed or answered in the worker, else a new search after a pause.
  useEffect(() => {
    const current = run.current;
    if (text === current.sentText) return;
    const wasEmpty = current.sentText.trim() === '';
    current.sentText = text;
    if (wasEmpty || text.trim() === '') {
      startSession();
      return;
    }
    // The service searches (or may): each new text is asked of it, once typing pauses.
    if (latest.current.textSearchParameter !== null) {
      clearTimeout(current.restartTimer);
      current.restartTimer = setTimeout(startSession, RESTART_AFTER_MS);
      return;
    }
    const session = current.session;
    engine()
      .setQuery(text)
      .then(
        (update) => {
          if (session !== run.current.session) return;
          if (update.kind === 'stale') {
            clearTimeout(current.restartTimer);
            current.restartTimer = setTimeout(startSession, RESTART_AFTER_MS);
            return;
          }
          apply(session, update);
          const end = current.end;
          // The cap stopped the walk and the narrower query left room: go on where it stopped.
          if (end?.kind === 'capped' && end.resumeFrom && !update.status.capped) {
            walk(session, end.resumeFrom);
          }
        },
        () => {}, // The session ended meanwhile: its successor answers.
      );
  }, [text, engine, apply, walk, startSession]);

  useEffect(
    () => () => {
      const current = run.current;
      clearTimeout(current.restartTimer);
      current.controller?.abort();
      current.names?.close();
      engineRef.current?.dispose();
      engineRef.current = null;
    },
    [],
  );

  const stop = useCallback(() => run.current.controller?.abort(), []);
  return { ...state, stop, searchAgain: startSession };
}

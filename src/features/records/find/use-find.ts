import { useQueryClient } from '@tanstack/react-query';
import {
  type SetStateAction,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import type { RecordRow } from '../../../lib/api/types';
import { useLocale, useT } from '../../../lib/i18n/i18n-react';
import { recordLabelStoreFor } from '../../../lib/record-label-store';
import { type FindCode, loadFindCode } from './find-code';
import { NO_MATCHES } from './find-matches';
import { createFindProgressStore, NO_PROGRESS } from './find-progress';
import {
  applied,
  type Find,
  type FindState,
  IDLE,
  phaseOf,
  type UseFindOptions,
  useFindMatchesStore,
} from './find-state';
import { viewKey } from './find-view';
import type { FindEngine } from './matcher/find-engine';
import { findPlanOf } from './matcher/find-plan';
import type { FindUpdate } from './matcher/find-store';
import { TypedAhead, useTypedAhead } from './typed-ahead';
import type { FindEnd } from './walk/find-walk';

export type { Find, FindPhase, FindState, FindStateHandle, UseFindOptions } from './find-state';
export { useFindMatchesStore, useFindState } from './find-state';

/** A pause before a query that can't be answered from what was searched reads the view again. */
const RESTART_AFTER_MS = 250;
/**
 * While a walk reads, new matches are shown at most this often: each showing draws the list
 * again (200 pages drew the records screen 200 times: long tasks of 100–300 ms). A keystroke's
 * answer is shown at once; a page without a match changes only the progress (find-progress.ts).
 */
const PUBLISH_EVERY_MS = 250;
const NO_PEOPLE: ReadonlyMap<string, string> = new Map();

/**
 * Find in a table: every record of the view holding what was typed, as the person reads it.
 * The grid's loaded pages are searched at once, then the rest of the view (walk/), in a
 * worker (matcher/find-engine.ts). A keystroke that narrows is answered from what was
 * found; one that can't be is a new search, after a short pause.
 */
export function useFind(options: UseFindOptions): Find {
  const { tableId, query, text, columns, walker, nameSource, people = NO_PEOPLE } = options;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const t = useT();
  const plan = useMemo(() => findPlanOf(columns, locale, t), [columns, locale, t]);
  const planKey = JSON.stringify(plan);
  const queryKey = viewKey(tableId, query);
  const ownState = useState<FindState>(IDLE);
  const [state, setStateNow] = options.state ?? ownState;
  const [progress] = useState(createFindProgressStore);
  const [ahead] = useState(() => new TypedAhead());
  const ownMatches = useFindMatchesStore();
  const shown = options.matches ?? ownMatches;
  // Phase and text redraw the records screen: in a transition, as its matches and progress.
  const setState = useCallback(
    (update: SetStateAction<FindState>) => startTransition(() => setStateNow(update)),
    [setStateNow],
  );

  const engineRef = useRef<FindEngine | null>(null);
  /** Mounted: code that arrives after the screen left starts no engine. */
  const alive = useRef(true);
  const run = useRef({
    session: 0,
    controller: null as AbortController | null,
    sentText: '',
    matches: [] as readonly RecordRow[],
    end: null as FindEnd | null,
    restartTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** The query of matches not shown yet (PUBLISH_EVERY_MS), or null. */
    unshown: null as string | null,
    /** The text the screen's state holds (it draws the screen again when it changes). */
    stateText: '',
    publishTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    publishedAt: Number.NEGATIVE_INFINITY,
    /** The service's text-search parameter, or null; 'unknown' until it has answered. */
    parameter: (options.textSearch ? 'unknown' : null) as string | null | 'unknown',
  });
  // The latest of everything a session starts from, read when it starts (not a dependency).
  const inputs = {
    plan,
    query,
    columns,
    nameSource,
    walker,
    client,
    text,
    people,
    textSearch: options.textSearch ?? null,
    connection: options.connection ?? null,
  };
  const latest = useRef(inputs);
  latest.current = inputs;

  /**
   * Runs `use` with the screen's engine once the find's code is in (find-code.ts). Every call
   * waits on the one load, so they keep their order; a load that failed for good: `onFail`.
   */
  const withEngine = useCallback(
    (use: (engine: FindEngine, code: FindCode) => void, onFail?: (error: unknown) => void) => {
      loadFindCode().then(
        (code) => {
          if (!alive.current) return;
          const { client } = latest.current; // the worker's linked names go to the labels
          engineRef.current ??= code.createFindEngine((linked) =>
            recordLabelStoreFor(queryClient, client).know(linked),
          );
          use(engineRef.current, code);
        },
        (error: unknown) => onFail?.(error),
      );
    },
    [queryClient],
  );

  const publish = useCallback(() => {
    const current = run.current;
    clearTimeout(current.publishTimer);
    current.publishTimer = undefined;
    const text = current.unshown;
    if (text === null) return;
    current.unshown = null;
    current.publishedAt = performance.now();
    // A keystroke's answer (its text new) is drawn before the walk's transitions.
    shown.set({ text, rows: current.matches }, text !== current.stateText);
    if (text !== current.stateText) {
      current.stateText = text;
      setState((before) => ({ ...before, text }));
    }
  }, [setState, shown]);

  /** A matcher's update: kept; shown at once for a keystroke, else per PUBLISH_EVERY_MS. */
  const apply = useCallback(
    (session: number, update: FindUpdate, now = false) => {
      const current = run.current;
      if (session !== current.session) return;
      const before = current.matches;
      current.matches = applied(before, update);
      progress.set({ searched: update.status.searched }, now);
      // A page searched without a new match: only the progress changed.
      if (!now && current.matches === before && current.unshown === null) return;
      current.unshown = update.status.query;
      const wait = PUBLISH_EVERY_MS - (performance.now() - current.publishedAt);
      if (now || wait <= 0) publish();
      else current.publishTimer ??= setTimeout(publish, wait);
    },
    [publish, progress],
  );

  const finish = useCallback(
    (session: number, controller: AbortController, end: FindEnd) => {
      const current = run.current;
      if (session !== current.session || current.controller !== controller) return;
      current.end = end;
      current.controller = null;
      publish();
      progress.set({ wait: null }, true);
      setState((before) => ({
        ...before,
        phase: phaseOf(end),
        error: end.kind === 'failed' ? end.error : null,
      }));
    },
    [setState, publish, progress],
  );

  const walk = useCallback(
    (session: number, resume: boolean) => {
      const current = run.current;
      const { query: walkQuery, columns: walkColumns, nameSource, walker, client } = latest.current;
      const controller = new AbortController();
      current.controller = controller;
      current.end = null;
      progress.set({ wait: null });
      // A session's first walk: startSession has said 'searching' already.
      if (resume) setState((before) => ({ ...before, phase: 'searching', error: null }));
      const connection = latest.current.connection;
      withEngine(
        (engine, code) =>
          void engine
            .walk({
              tableId,
              query: walkQuery,
              columns: walkColumns,
              loaded: resume ? [] : code.loadedPagesIn(queryClient, tableId, walkQuery),
              ...(resume ? {} : { view: viewKey(tableId, walkQuery) }),
              resume,
              signal: controller.signal,
              onUpdate: (update) => apply(session, update),
              onWait: (wait) => {
                if (session === run.current.session) progress.set({ wait });
              },
              here: { client, walker, nameSource },
              connection,
            })
            .then((end) => finish(session, controller, end)),
        (error) => finish(session, controller, { kind: 'failed', error }),
      );
    },
    [tableId, queryClient, withEngine, apply, setState, finish, progress],
  );

  const askService = useCallback(
    (session: number, parameter: string, typed: string) => {
      const current = run.current;
      const controller = new AbortController();
      current.controller = controller;
      current.end = null;
      const { walker, client, query } = latest.current;
      loadFindCode().then(
        (code) =>
          void code
            .walkServiceSearch({
              walker,
              client,
              tableId,
              query,
              parameter,
              text: typed,
              signal: controller.signal,
              onUpdate: (update) => apply(session, update),
              onWait: (wait) => {
                if (session === run.current.session) progress.set({ wait });
              },
            })
            .then((end) => finish(session, controller, code.findEndOf(end))),
        (error: unknown) => finish(session, controller, { kind: 'failed', error }),
      );
    },
    [tableId, apply, finish, progress],
  );

  const askParameter = useCallback(async (): Promise<string | null> => {
    const ask = latest.current.textSearch;
    const parameter = ask ? await ask().catch(() => null) : null;
    run.current.parameter = parameter;
    return parameter;
  }, []);

  const startSession = useCallback(() => {
    const current = run.current;
    clearTimeout(current.restartTimer);
    current.controller?.abort();
    current.controller = null;
    current.session += 1;
    clearTimeout(current.publishTimer);
    current.publishTimer = undefined;
    current.unshown = null;
    current.publishedAt = Number.NEGATIVE_INFINITY;
    current.matches = [];
    current.end = null;
    progress.set(NO_PROGRESS, true);
    const typed = ahead.now(latest.current.text);
    current.sentText = typed;
    if (typed.trim() === '') {
      current.stateText = '';
      shown.set(NO_MATCHES);
      setState(IDLE);
      return;
    }
    current.stateText = typed;
    shown.set({ text: typed, rows: current.matches });
    const parameter = current.parameter;
    const session = current.session;
    const { plan, people } = latest.current;
    const search = (asked: string | null) => {
      if (session !== run.current.session) return;
      if (asked !== null) {
        if (parameter === 'unknown') setState((before) => ({ ...before, byService: true }));
        askService(session, asked, typed);
        return;
      }
      withEngine((engine) => engine.start(plan, people, typed));
      walk(session, false);
    };
    // The screen turns to the find in a transition, and the search begins now, alongside it:
    // a first key waited 60–250 ms at 2.6× for that drawing before its walk was posted to the
    // worker (decision 061's sixth addendum). Matches that come first wait in their store;
    // the list reads it once the screen shows the find.
    setState({
      ...IDLE,
      text: typed,
      phase: 'searching',
      byService: parameter !== 'unknown' && parameter !== null,
    });
    // Whether the service searches is asked with the first search (or `prepare`), then known.
    if (parameter === 'unknown') void askParameter().then(search);
    else search(parameter);
  }, [withEngine, walk, askService, askParameter, setState, progress, shown, ahead]);

  // A new view, columns, language or people's names: a new search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for query and plan
  useEffect(() => {
    startSession();
  }, [tableId, queryKey, planKey, people, startSession]);

  // A keystroke, asked as typed: narrowed or answered in the worker, else a new search later.
  const keystroke = useCallback(
    (text: string) => {
      const current = run.current;
      if (text === current.sentText) return;
      const wasEmpty = current.sentText.trim() === '';
      current.sentText = text;
      if (wasEmpty || text.trim() === '') {
        startSession();
        return;
      }
      // The service searches (or may): each new text is asked of it, once typing pauses.
      if (current.parameter !== null) {
        clearTimeout(current.restartTimer);
        current.restartTimer = setTimeout(startSession, RESTART_AFTER_MS);
        return;
      }
      const session = current.session;
      withEngine((engine) =>
        engine.setQuery(text).then(
          (update) => {
            if (session !== run.current.session) return;
            if (update.kind === 'stale') {
              clearTimeout(current.restartTimer);
              current.restartTimer = setTimeout(startSession, RESTART_AFTER_MS);
              return;
            }
            apply(session, update, true);
            const end = current.end;
            // The cap stopped the walk and the narrower query left room: go on where it stopped.
            if (end?.kind === 'capped' && end.resumable && !update.status.capped) {
              walk(session, true);
            }
          },
          () => {}, // The session ended meanwhile: its successor answers.
        ),
      );
    },
    [withEngine, apply, walk, startSession],
  );

  const type = useTypedAhead(ahead, text, keystroke);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const current = run.current;
      clearTimeout(current.restartTimer);
      clearTimeout(current.publishTimer);
      current.controller?.abort();
      engineRef.current?.dispose();
      engineRef.current = null;
      progress.dispose();
    };
  }, [progress]);

  // A find is likely: its code, worker, service parameter and loaded pages readied (061).
  const prepare = useCallback(
    (likely: boolean) => {
      if (run.current.parameter === 'unknown') void askParameter();
      withEngine((engine, code) => {
        const { query, connection, columns } = latest.current;
        const names = likely && connection ? { connection, columns } : undefined;
        engine.hold(
          viewKey(tableId, query),
          code.loadedPagesIn(queryClient, tableId, query),
          names,
        );
      });
    },
    [tableId, queryClient, withEngine, askParameter],
  );

  const stop = useCallback(() => run.current.controller?.abort(), []);
  return { ...state, matches: shown, progress, stop, searchAgain: startSession, type, prepare };
}

/**
 * Messages between the page and the find worker (find.worker.ts). Plain data only: they
 * are copied across (structured clone). A session is one view searched; a later session's
 * start makes the worker forget the earlier one (and stop its walk), and the page ignores
 * its late replies.
 */
import type { Column, Connection, RecordQuery, RecordRow } from '../../../../lib/api/types';
import type { WalkWait } from '../../count/view-walk';
import type { LoadedPage } from '../walk/find-walk';
import type { WireEnd } from '../walk/walk-wire';
import type { FindUpdate } from './find-store';
import type { HeldPage } from './held-pages';
import type { FindPlan } from './record-text';

export type FindRequest =
  | {
      type: 'start';
      session: number;
      plan: FindPlan;
      /** People's names by their ids (the people directory), for text columns holding ids. */
      people: ReadonlyArray<readonly [string, string]>;
      query: string;
    }
  | {
      type: 'page';
      session: number;
      /** Numbers the page's reply. */
      seq: number;
      rows: readonly RecordRow[];
      /** The page's linked records' names by id (null: could not be read). */
      names: ReadonlyArray<readonly [string, string | null]>;
    }
  | { type: 'query'; session: number; seq: number; query: string }
  | {
      /**
       * The worker reads the view itself and searches each page as it arrives: the replies
       * are parsed off the page. The connection (the key among it) is only ever in this
       * message and the worker's own client: never in a URL or a log.
       */
      type: 'walk';
      session: number;
      connection: Connection;
      tableId: string;
      query: RecordQuery;
      /** The columns searched (their linked records are named). */
      columns: readonly Column[];
      loaded: readonly LoadedPage[];
      /** The grid's pages the worker holds for this view (`hold`), searched before `loaded`'s. */
      held?: { view: string; pages: readonly HeldPage[] };
      /** Go on where the cap stopped this session's last walk. */
      resume: boolean;
    }
  /**
   * The grid's pages of a view, handed over before a find asks (held-pages.ts): the places
   * it holds (the others are dropped) and the pages not handed over before. Any session.
   */
  | {
      type: 'hold';
      view: string;
      keep: readonly number[];
      pages: readonly LoadedPage[];
      /** A find is likely: the held pages' linked names are read too (names-ahead.ts). */
      names?: { connection: Connection; columns: readonly Column[] };
    }
  /** Stop the session's walk (Stop, or leaving): it ends as cancelled. */
  | { type: 'stop'; session: number };

/**
 * A linked record's name the worker read for the matches posted with it (their REFERENCE
 * values), for the grid's labels: [linked table id, record id, name].
 */
export type LinkedName = readonly [tableId: string, recordId: string, name: string];

export type FindReply =
  /** The answer to a 'page' or 'query'. */
  | { type: 'answer'; session: number; seq: number; update: FindUpdate; linked?: LinkedName[] }
  /** A page the walk searched. */
  | { type: 'walk-update'; session: number; update: FindUpdate; linked?: LinkedName[] }
  | { type: 'walk-wait'; session: number; wait: WalkWait | null }
  | { type: 'walk-end'; session: number; end: WireEnd };

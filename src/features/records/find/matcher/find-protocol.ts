/**
 * Messages between the page and the find worker (find.worker.ts). Plain data only: they
 * are copied across (structured clone). A session is one view searched; a later session's
 * start makes the worker forget the earlier one, and the page ignores its late replies.
 */
import type { RecordRow } from '../../../../lib/api/types';
import type { FindUpdate } from './find-store';
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
  | { type: 'query'; session: number; seq: number; query: string };

export interface FindReply {
  session: number;
  seq: number;
  update: FindUpdate;
}

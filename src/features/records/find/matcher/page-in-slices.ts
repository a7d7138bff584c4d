/**
 * A page searched a slice at a time, each slice in a task of its own, as the find worker
 * searches the pages it reads. The worker also reads the view, one request at a time (a
 * page's cursor comes with the page before), and asks for the next page from the reply's
 * own task: a page searched in one piece (500 records, 5–10 ms) kept that reply waiting,
 * and the service with it. Measured over 1,000,000 Orders in Chromium (load average 9–12):
 * the time from one page's reply to the next request was over 8 ms for a quarter of the
 * 2,000 pages, 20 s of a 71 s walk.
 */
import type { RecordRow } from '../../../../lib/api/types';
import type { FindStore, FindUpdate, PageNames, Searched } from './find-store';

/** Records made searchable in one task: ~1–2 ms of the worker's time. */
export const SLICE_RECORDS = 100;

/**
 * Resolves in a task of its own, after what the event loop holds (a reply, a message).
 * A MessageChannel rather than setTimeout: a chain of timers is held to 4 ms each after
 * five of them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * As store.addPage, with the records' texts made SLICE_RECORDS at a time, each after a
 * task. A walk stopped meanwhile (Stop, a new search) leaves the store as it was: the page
 * is not added, and this rejects with the signal's reason.
 */
export async function addPageInSlices(
  store: FindStore,
  rows: readonly RecordRow[],
  names: PageNames | null,
  signal: AbortSignal,
  yieldTask: () => Promise<void> = nextTask,
): Promise<FindUpdate> {
  const entries: Searched[] = [];
  const kept = store.keeps(rows.length);
  for (let from = 0; from < rows.length; from += SLICE_RECORDS) {
    await yieldTask();
    signal.throwIfAborted();
    for (const entry of store.textsOf(rows.slice(from, from + SLICE_RECORDS), names, kept)) {
      entries.push(entry);
    }
  }
  signal.throwIfAborted();
  return store.addSearched(entries);
}

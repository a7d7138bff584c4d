import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Column, RecordRow } from '../../../lib/api/types';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import type { ViewWalker } from '../count/view-walk';
import { column, fakeClient, record, TABLE_ID } from '../testing/records-test-utils';
import { useFindMatches } from './find-matches';
import { createFindProgressStore, PROGRESS_EVERY_MS, useFindProgress } from './find-progress';
import { useFind } from './use-find';

describe('the find progress store', () => {
  it('tells its listeners at a frame, then at most every PROGRESS_EVERY_MS, however many pages were searched meanwhile', () => {
    vi.useFakeTimers({
      toFake: [
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'setTimeout',
        'clearTimeout',
        'Date',
      ],
    });
    try {
      const store = createFindProgressStore();
      const listener = vi.fn();
      store.subscribe(listener);
      store.set({ searched: 500 });
      store.set({ searched: 1_000 });
      // Until the frame, the screen keeps what it was told.
      expect(store.get().searched).toBe(0);
      expect(listener).not.toHaveBeenCalled();
      vi.advanceTimersToNextFrame();
      expect(listener).toHaveBeenCalledTimes(1);
      expect(store.get().searched).toBe(1_000);
      // Pages searched right after: told together, not before PROGRESS_EVERY_MS.
      store.set({ searched: 1_500 });
      store.set({ searched: 2_000 });
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(PROGRESS_EVERY_MS - 50);
      expect(listener).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(50);
      vi.advanceTimersToNextFrame();
      expect(listener).toHaveBeenCalledTimes(2);
      expect(store.get().searched).toBe(2_000);
      // Nothing new: nobody is told again.
      store.set({ searched: 2_000 }, true);
      vi.advanceTimersByTime(PROGRESS_EVERY_MS * 2);
      expect(listener).toHaveBeenCalledTimes(2);
      // A walk's end or a new query is told at once.
      store.set({ searched: 0, wait: null }, true);
      expect(listener).toHaveBeenCalledTimes(3);
      expect(store.get().searched).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

const NAME: Column[] = [column('name', 'TEXT', { isPrimary: true })];
const QUERY = { sort: null, filters: {} };
const named: Record<number, string> = { 5: 'Léa Haddad', 7: 'Ana Okafor', 250: 'Omar Haddad' };
/** Three pages of 100: Haddads on the first and the third, none on the second. */
const PAGES: RecordRow[][] = [0, 1, 2].map((page) =>
  Array.from({ length: 100 }, (_, n) => {
    const index = page * 100 + n;
    return record(`r${index}`, { name: named[index] ?? `p${index}` });
  }),
);

/** A view read a page at a time, each page after the first when the test lets it. */
function gatedWalker() {
  const gates: Array<() => void> = [];
  const walker: ViewWalker = async ({ onPage, signal }) => {
    for (const [index, rows] of PAGES.entries()) {
      if (index > 0) await new Promise<void>((resolve) => gates.push(resolve));
      if (signal.aborted) return;
      await onPage(rows, { index, nextCursor: index < PAGES.length - 1 ? `c${index}` : null });
    }
  };
  const next = async () => {
    await waitFor(() => expect(gates.length).toBe(1));
    act(() => gates.shift()?.());
  };
  return { walker, next };
}

let screenRenders = 0;

/** The records screen as far as the find goes: its list of matches, and the status line. */
function Screen({ walker }: { walker: ViewWalker }) {
  screenRenders += 1;
  const [text, setText] = useState('');
  const find = useFind({
    tableId: TABLE_ID,
    query: QUERY,
    text,
    columns: NAME,
    walker,
    nameSource: null,
  });
  return (
    <>
      <button type="button" onClick={() => setText('haddad')}>
        type haddad
      </button>
      <button type="button" onClick={() => setText('okafor')}>
        type okafor
      </button>
      <output aria-label="phase">{find.phase}</output>
      <Matches find={find} />
      <StatusLine find={find} />
    </>
  );
}

function StatusLine({ find }: { find: ReturnType<typeof useFind> }) {
  return <output aria-label="searched">{useFindProgress(find.progress).searched}</output>;
}

describe('a find’s progress on the screen', () => {
  it('a page with no new match draws the status line only; matches come in the view’s order', async () => {
    const { client } = fakeClient({ records: [] });
    const { walker, next } = gatedWalker();
    renderWithProviders(<Screen walker={walker} />, { client });
    screen.getByRole('button', { name: 'type haddad' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r5'));
    await waitFor(() => expect(screen.getByLabelText('searched').textContent).toBe('100'));
    const before = screenRenders;

    await next();
    await waitFor(() => expect(screen.getByLabelText('searched').textContent).toBe('200'));
    expect(screenRenders).toBe(before);

    await next();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('r5,r250');
    expect(screen.getByLabelText('searched').textContent).toBe('300');
  });

  it('a new query shows its own matches, not the last one’s', async () => {
    const { client } = fakeClient({ records: [] });
    const { walker, next } = gatedWalker();
    renderWithProviders(<Screen walker={walker} />, { client });
    screen.getByRole('button', { name: 'type haddad' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r5'));
    screen.getByRole('button', { name: 'type okafor' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r7'));
    await next();
    await next();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('r7');
  });
});

/** The matches as the records list shows them (it follows them on its own). */
function Matches({ find }: { find: ReturnType<typeof useFind> }) {
  const { rows } = useFindMatches(find.matches);
  return <output aria-label="matches">{rows.map((row) => row.id).join(',')}</output>;
}

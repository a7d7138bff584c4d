import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale, t } from '../i18n/i18n';
import { checkedListOf, checkListPages, guardedListOptions } from './guarded-list';
import { listStoppedMessage, pagingProblemMessage } from './paging-guard';
import type { Page } from './types';

interface Item {
  id: string;
}

const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const idsOf = (list: { items: Item[] }) => list.items.map((item) => item.id);

describe('checkListPages', () => {
  it('follows a sound list to its end: every item once, no problem, no next page', () => {
    const pages: Page<Item>[] = [
      { items: items('a', 'b'), nextCursor: 'c1' },
      { items: items('c', 'd'), nextCursor: 'c2' },
      { items: items('e'), nextCursor: null },
    ];
    const list = checkListPages(pages, [null, 'c1', 'c2']);
    expect(idsOf(list)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(list.problem).toBeNull();
    expect(list.nextCursor).toBeNull();
  });

  it('asks for the next page while the list goes on', () => {
    const list = checkListPages([{ items: items('a'), nextCursor: 'c1' }], [null]);
    expect(list).toMatchObject({ problem: null, nextCursor: 'c1' });
  });

  it('ends at a next cursor already used, or the one that fetched the page', () => {
    const back = checkListPages(
      [
        { items: items('a'), nextCursor: 'c1' },
        { items: items('b'), nextCursor: 'c2' },
        { items: items('c'), nextCursor: 'c1' },
      ],
      [null, 'c1', 'c2'],
    );
    expect(back.problem).toEqual({ kind: 'repeated_cursor', pageIndex: 2, recordId: null });
    expect(back.nextCursor).toBeNull();
    expect(idsOf(back)).toEqual(['a', 'b', 'c']);

    const same = checkListPages(
      [
        { items: items('a'), nextCursor: 'c1' },
        { items: items('b'), nextCursor: 'c1' },
      ],
      [null, 'c1'],
    );
    expect(same.problem).toMatchObject({ kind: 'repeated_cursor', pageIndex: 1 });
  });

  it('ends at an item already sent on an earlier page, keeping the first of it and the new ones', () => {
    const list = checkListPages(
      [
        { items: items('a', 'b'), nextCursor: 'c1' },
        { items: items('c', 'a', 'd'), nextCursor: 'c2' },
      ],
      [null, 'c1'],
    );
    expect(idsOf(list)).toEqual(['a', 'b', 'c', 'd']);
    expect(list.problem).toEqual({ kind: 'duplicate_id', pageIndex: 1, recordId: 'a' });
    expect(list.nextCursor).toBeNull();
  });

  it('ends at an item sent twice in the same page, and shows it once', () => {
    const list = checkListPages([{ items: items('a', 'b', 'a'), nextCursor: 'c1' }], [null]);
    expect(idsOf(list)).toEqual(['a', 'b']);
    expect(list.problem).toEqual({ kind: 'duplicate_id', pageIndex: 0, recordId: 'a' });
    expect(list.nextCursor).toBeNull();
  });

  it('ends at the first page repeated whole with a fresh cursor (a loop the cursors hide)', () => {
    const list = checkListPages(
      [
        { items: items('a', 'b'), nextCursor: 'loop-1' },
        { items: items('a', 'b'), nextCursor: 'loop-2' },
      ],
      [null, 'loop-1'],
    );
    expect(idsOf(list)).toEqual(['a', 'b']);
    expect(list.problem).toMatchObject({ kind: 'duplicate_id', pageIndex: 1 });
  });

  it('allows two empty pages in a row that point further, and ends at the third', () => {
    const gaps = checkListPages(
      [
        { items: items('a'), nextCursor: 'c1' },
        { items: [], nextCursor: 'c2' },
        { items: [], nextCursor: 'c3' },
        { items: items('b'), nextCursor: null },
      ],
      [null, 'c1', 'c2', 'c3'],
    );
    expect(gaps).toMatchObject({ problem: null, nextCursor: null });
    expect(idsOf(gaps)).toEqual(['a', 'b']);

    const pages: Page<Item>[] = [
      { items: items('a'), nextCursor: 'c1' },
      { items: [], nextCursor: 'c2' },
      { items: [], nextCursor: 'c3' },
    ];
    expect(checkListPages(pages, [null, 'c1', 'c2']).nextCursor).toBe('c3');
    const stuck = checkListPages(
      [...pages, { items: [], nextCursor: 'c4' }],
      [null, 'c1', 'c2', 'c3'],
    );
    expect(stuck.problem).toEqual({ kind: 'no_progress', pageIndex: 3, recordId: null });
    expect(stuck.nextCursor).toBeNull();
    expect(idsOf(stuck)).toEqual(['a']);
  });

  it('an empty list is a sound end', () => {
    expect(checkListPages([{ items: [], nextCursor: null }], [null])).toEqual({
      items: [],
      problem: null,
      nextCursor: null,
    });
    expect(checkedListOf<Item>(undefined)).toEqual({ items: [], problem: null, nextCursor: null });
  });

  it('gives the same answer for the same pages without checking them again', () => {
    const pages: Page<Item>[] = [{ items: items('a'), nextCursor: 'c1' }];
    expect(checkListPages(pages, [null])).toBe(checkListPages(pages, [null]));
  });
});

describe('listStoppedMessage', () => {
  afterEach(() => switchLocale('en'));

  it('says what the service did, that paging stopped, and how many are shown', () => {
    const message = listStoppedMessage(
      { kind: 'repeated_cursor', pageIndex: 1, recordId: null },
      'tasks',
      1234,
      t,
    );
    expect(message).toBe(
      'The service sent a next-page link it had already sent (after page 2), so its list would repeat from there. Stopped loading tasks so nothing is shown twice. Showing the 1,234 found so far.',
    );
    expect(
      listStoppedMessage({ kind: 'duplicate_id', pageIndex: 0, recordId: 'x' }, 'pages', 3, t),
    ).toMatch(
      /^The service sent a page it had already sent \(on page 1, id x\)\..* 3 found so far\.$/,
    );
    expect(
      listStoppedMessage({ kind: 'no_progress', pageIndex: 2, recordId: null }, 'skills', 0, t),
    ).toMatch(/3 pages in a row with no skills but a link to more .*Stopped loading skills\./);
  });

  it('agrees in gender in Brazilian Portuguese: a task (feminine), a record (masculine)', async () => {
    await switchLocale('pt-BR');
    const duplicate = { kind: 'duplicate_id', pageIndex: 2, recordId: null } as const;
    const empty = { kind: 'no_progress', pageIndex: 4, recordId: null } as const;
    expect(pagingProblemMessage(duplicate, 'tasks', t)).toBe(
      'O serviço enviou uma tarefa que já tinha enviado (na página 3). O carregamento de tarefas foi interrompido para que nada apareça duas vezes.',
    );
    expect(pagingProblemMessage(duplicate, 'records', t)).toMatch(
      /^O serviço enviou um registro que já tinha enviado \(na página 3\)\./,
    );
    expect(pagingProblemMessage(empty, 'tasks', t)).toContain(
      '3 páginas seguidas sem nenhuma tarefa, mas com um link para mais (até a página 5)',
    );
    expect(pagingProblemMessage(empty, 'records', t)).toContain('sem nenhum registro');
    expect(listStoppedMessage(duplicate, 'tasks', 1234, t)).toMatch(
      /Mostrando as 1\.234 tarefas encontradas até agora\.$/,
    );
  });

  it('says 0, 1 and many shown with the plural forms of each language', async () => {
    const shown = (count: number) => t('common.paging.shownSoFar', { list: 'tasks', count });
    await switchLocale('es');
    expect([0, 1, 12345].map(shown)).toEqual([
      'Aún no se muestra ninguna tarea.',
      'Se muestra la única tarea encontrada hasta ahora.',
      'Se muestran las 12.345 tareas encontradas hasta ahora.',
    ]);
    await switchLocale('pt-BR');
    expect([0, 1, 1000].map(shown)).toEqual([
      'Nenhuma tarefa encontrada até agora.',
      'Mostrando a única tarefa encontrada até agora.',
      'Mostrando as 1.000 tarefas encontradas até agora.',
    ]);
  });
});

describe('guardedListOptions in a query client', () => {
  it('stops a list that repeats its first page and cursor after two requests, refetch included', async () => {
    const fetchPage = vi.fn(async () => ({ items: items('a', 'b'), nextCursor: 'loop' }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(
      queryClient,
      guardedListOptions({ queryKey: ['test', 'loop'], fetchPage }),
    );
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    // What a sentinel in view or a walk-to-the-end effect does, as long as it may.
    for (let i = 0; i < 10 && observer.getCurrentResult().hasNextPage; i += 1) {
      await observer.fetchNextPage();
    }
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    const list = checkedListOf(observer.getCurrentResult().data);
    expect(idsOf(list)).toEqual(['a', 'b']);
    expect(list.problem).toMatchObject({ kind: 'duplicate_id', pageIndex: 1 });

    await observer.refetch();
    expect(fetchPage).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
    queryClient.clear();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { startTransition, useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Column, RecordRow } from '../../../lib/api/types';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { walkViewPages } from '../count/view-walk';
import { column, fakeClient, record, TABLE_ID } from '../testing/records-test-utils';
import { loadFindCode } from './find-code';
import { useFindMatches } from './find-matches';
import { useFindProgress } from './find-progress';
import { FindStore, MAX_MATCHES } from './matcher/find-store';
import { type Find, useFind } from './use-find';

const NAME: Column[] = [column('name', 'TEXT', { isPrimary: true })];
const QUERY = { sort: null, filters: {} };

/** Types into the find through buttons, and shows what it found. */
function Harness({
  steps,
  columns = NAME,
  arriving,
}: {
  steps: string[];
  columns?: Column[];
  /** People's names the directory answers with, when "names arrive" is pressed. */
  arriving?: ReadonlyMap<string, string>;
}) {
  const [text, setText] = useState('');
  const [people, setPeople] = useState<ReadonlyMap<string, string> | null>(null);
  const find = useFind({
    tableId: TABLE_ID,
    query: QUERY,
    text,
    columns,
    walker: walkViewPages,
    nameSource: null,
    ...(people ? { people } : {}),
  });
  return (
    <>
      {steps.map((step) => (
        <button key={step} type="button" onClick={() => setText(step)}>
          type {step}
        </button>
      ))}
      <button type="button" onClick={find.stop}>
        stop
      </button>
      {arriving ? (
        <button type="button" onClick={() => setPeople(arriving)}>
          names arrive
        </button>
      ) : null}
      <output aria-label="phase">{find.phase}</output>
      <Searched find={find} />
      <Matches find={find} />
    </>
  );
}

function Searched({ find }: { find: Find }) {
  return <output aria-label="searched">{useFindProgress(find.progress).searched}</output>;
}

function names(count: number, name: (n: number) => string): RecordRow[] {
  return Array.from({ length: count }, (_, n) => record(`r${n}`, { name: name(n) }));
}

describe('useFind', () => {
  it('searches the whole view, then narrows a longer query without reading again', async () => {
    const rows = names(1200, (n) => (n === 5 ? 'Léa Haddad' : n === 900 ? 'Hadley Ray' : `p${n}`));
    const { client, listRecords } = fakeClient({ records: rows });
    renderWithProviders(<Harness steps={['had', 'hadd', 'ray']} />, { client });
    screen.getByRole('button', { name: 'type had' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('r5,r900');
    expect(screen.getByLabelText('searched').textContent).toBe('1200');
    const requests = listRecords.mock.calls.length;

    screen.getByRole('button', { name: 'type hadd' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r5'));
    // Another word: answered from the records searched (the view is small enough to keep).
    screen.getByRole('button', { name: 'type ray' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r900'));
    expect(listRecords.mock.calls.length).toBe(requests);
  });

  it('goes on past the cap when a narrower query leaves room', async () => {
    const rows = names(MAX_MATCHES + 700, (n) => (n >= MAX_MATCHES + 600 ? 'item late' : 'item'));
    const { client } = fakeClient({ records: rows });
    renderWithProviders(<Harness steps={['item', 'item la']} />, { client });
    screen.getByRole('button', { name: 'type item' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('capped'));
    screen.getByRole('button', { name: 'type item la' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent?.split(',')).toHaveLength(100);
    expect(screen.getByLabelText('searched').textContent).toBe(String(MAX_MATCHES + 700));
  });

  it('answers a keystroke before the screen draws its text, and never shows an older one after it', async () => {
    const rows = names(1200, (n) =>
      n === 5 ? 'Léa Haddad' : n === 7 ? 'Hadd Jones' : n === 900 ? 'Hadley Ray' : `p${n}`,
    );
    const { client } = fakeClient({ records: rows });
    const asked = vi.spyOn(FindStore.prototype, 'setQuery');
    const shown: string[] = [];
    renderWithProviders(<TypingHarness shown={shown} />, { client });
    screen.getByRole('button', { name: 'type had' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('r5,r7,r900');

    // Typed, and the screen has not drawn the text yet: its matches show all the same.
    screen.getByRole('button', { name: 'type ahead hadd' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r5,r7'));
    expect(screen.getByLabelText('drawn').textContent).toBe('had');

    // Typed on; then the screen draws the older text before the newer one.
    screen.getByRole('button', { name: 'type ahead hadda' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r5'));
    screen.getByRole('button', { name: 'draw hadd' }).click();
    await waitFor(() => expect(screen.getByLabelText('drawn').textContent).toBe('hadd'));
    // A later keystroke's answer: any asked before it has been answered (in order) by now.
    screen.getByRole('button', { name: 'type ahead haddad' }).click();
    await waitFor(() => expect(shown.at(-1)).toBe('haddad:r5'));
    screen.getByRole('button', { name: 'draw haddad' }).click();
    await waitFor(() => expect(screen.getByLabelText('drawn').textContent).toBe('haddad'));
    expect(screen.getByLabelText('matches').textContent).toBe('r5');
    // The older text drawn late was not asked again, and its matches never showed after.
    const queries = asked.mock.calls.map(([query]) => query);
    expect(queries.slice(queries.indexOf('hadda'))).toEqual(['hadda', 'haddad']);
    const newest = shown.indexOf('hadda:r5');
    expect(newest).toBeGreaterThan(0);
    expect(shown.slice(newest).every((entry) => entry.endsWith(':r5'))).toBe(true);
    asked.mockRestore();
  });

  it("posts a first key's search before the screen turns to the find", async () => {
    await loadFindCode(); // made ready before the key (the box focused), as on the page
    const rows = names(50, (n) => (n === 5 ? 'Léa Haddad' : `p${n}`));
    const { client } = fakeClient({ records: rows });
    const order: string[] = [];
    const setQuery = FindStore.prototype.setQuery;
    const asked = vi.spyOn(FindStore.prototype, 'setQuery').mockImplementation(function (
      this: FindStore,
      query: string,
    ) {
      order.push(`search ${query}`);
      return setQuery.call(this, query);
    });
    const shown: string[] = [];
    renderWithProviders(<TypingHarness shown={shown} phases={order} />, { client });
    screen.getByRole('button', { name: 'type had' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    // The first phase the screen drew after idle ('searching', or 'done' drawn with it).
    const turned = order.findIndex((entry) => entry.startsWith('phase ') && entry !== 'phase idle');
    expect(turned).toBeGreaterThan(0);
    expect(order.indexOf('search had')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('search had')).toBeLessThan(turned);
    asked.mockRestore();
  });

  it("never shows an older query's matches once a newer query began", async () => {
    const rows = names(1200, (n) => (n === 5 ? 'Léa Haddad' : n === 900 ? 'Hadley Ray' : `p${n}`));
    const { client } = fakeClient({ records: rows });
    const shown: string[] = [];
    renderWithProviders(<TypingHarness shown={shown} />, { client });
    // Typed, cleared and typed again before any answer: two sessions begun in one turn.
    screen.getByRole('button', { name: 'type ahead haddad' }).click();
    screen.getByRole('button', { name: 'type ahead' }).click();
    screen.getByRole('button', { name: 'type ahead ray' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('r900');
    expect(shown.filter((entry) => entry.startsWith('haddad:') && entry !== 'haddad:')).toEqual([]);
  });

  it('finds a person by their name where a text field holds their id, once the names arrive', async () => {
    const USER = 'c22201a2-0000-4000-8000-000000000001';
    const columns = [...NAME, column('owner', 'TEXT')];
    const rows = [
      record('r1', { name: 'Crate', owner: USER }),
      record('r2', { name: 'Box', owner: 'someone-else' }),
    ];
    const { client } = fakeClient({ records: rows });
    const arriving = new Map([[USER, 'Léa Okafor']]);
    renderWithProviders(<Harness steps={['okafor']} columns={columns} arriving={arriving} />, {
      client,
    });
    screen.getByRole('button', { name: 'type okafor' }).click();
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(screen.getByLabelText('matches').textContent).toBe('');

    // The directory answered: the same find searches again, by the names.
    screen.getByRole('button', { name: 'names arrive' }).click();
    await waitFor(() => expect(screen.getByLabelText('matches').textContent).toBe('r1'));
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
  });
});

/** The matches as the records list shows them (it follows them on its own). */
function Matches({ find }: { find: ReturnType<typeof useFind> }) {
  const { rows } = useFindMatches(find.matches);
  return <output aria-label="matches">{rows.map((row) => row.id).join(',')}</output>;
}

/** The box's way: each keystroke to the find at once, the screen's text in a transition later. */
function TypingHarness({ shown, phases }: { shown: string[]; phases?: string[] }) {
  const [text, setText] = useState('');
  const find = useFind({
    tableId: TABLE_ID,
    query: QUERY,
    text,
    columns: NAME,
    walker: walkViewPages,
    nameSource: null,
  });
  const type = (typed: string) => {
    find.type(typed);
    startTransition(() => setText(typed));
  };
  return (
    <>
      <button type="button" onClick={() => type('had')}>
        type had
      </button>
      {['', 'hadd', 'hadda', 'haddad', 'ray'].map((typed) => (
        <span key={typed}>
          <button type="button" onClick={() => find.type(typed)}>
            type ahead {typed}
          </button>
          <button type="button" onClick={() => setText(typed)}>
            draw {typed}
          </button>
        </span>
      ))}
      <output aria-label="phase">{find.phase}</output>
      <output aria-label="drawn">{text}</output>
      <Matches find={find} />
      <MatchesLog find={find} shown={shown} />
      {phases ? <PhaseLog phase={find.phase} phases={phases} /> : null}
    </>
  );
}

/** Notes what each drawing of the matches showed: `text:ids`. */
function MatchesLog({ find, shown }: { find: Find; shown: string[] }) {
  const { text, rows } = useFindMatches(find.matches);
  const entry = `${text}:${rows.map((row) => row.id).join(',')}`;
  useLayoutEffect(() => {
    shown.push(entry);
  });
  return null;
}

/** Notes each phase the screen commits: `phase <phase>`. */
function PhaseLog({ phase, phases }: { phase: string; phases: string[] }) {
  useLayoutEffect(() => {
    phases.push(`phase ${phase}`);
  }, [phase, phases]);
  return null;
}

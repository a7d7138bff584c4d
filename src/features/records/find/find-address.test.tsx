import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTableUrlState } from '../grid/data/use-table-url-state';
import { useFindText } from './find-url';

/** The find box as the records screen wires it: its text, and `find=` in the address. */
function FindBox() {
  const urlState = useTableUrlState();
  const [text, setText] = useFindText(urlState.find, urlState.setFind);
  return <input aria-label="Find" value={text} onChange={(event) => setText(event.target.value)} />;
}

const never = new Promise<never>(() => {});

/**
 * What the screen shows of the address: until the address holds `find=` it reads the view
 * as it was; drawn with `find=`, it waits (for its data, say) on a fallback. Drawn at once,
 * that fallback would replace the screen; drawn as a transition, the screen stays as it was.
 */
function Screen() {
  const search = useLocation().search;
  if (new URLSearchParams(search).has('find')) throw never;
  return <p>the view as it was</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/tables/:tableId',
        element: (
          <>
            <FindBox />
            <Suspense fallback={<p>waiting</p>}>
              <Screen />
            </Suspense>
          </>
        ),
      },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/elsewhere', entry], initialIndex: 1 },
  );
  const written: string[] = [];
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') written.push(state.location.search);
  });
  // As the app draws its pages after the first (app.tsx): at once, not as transitions.
  render(<RouterProvider router={router} useTransitions={false} />);
  return { router, written };
}

function typeInto(box: HTMLElement, text: string) {
  for (let end = 1; end <= text.length; end += 1) {
    act(() => {
      // A controlled input hears a change through the native setter and an input event.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(box, text.slice(0, end));
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

describe('the find in the address (find=)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is written once when typing settles, replacing the history entry, with the rest of the view kept', () => {
    const { router, written } = renderAt('/tables/t1?sort=name');
    written.length = 0;
    typeInto(screen.getByRole('textbox', { name: 'Find' }), 'haddad');
    act(() => vi.advanceTimersByTime(299));
    expect(written).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(written).toEqual(['?sort=name&find=haddad']);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('textbox', { name: 'Find' })).toHaveValue('haddad');
    // Back leaves the table: typing added no history entry of its own.
    act(() => void router.navigate(-1));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('is drawn as a transition: the screen is not redrawn at once for it', () => {
    const { router } = renderAt('/tables/t1?sort=name');
    typeInto(screen.getByRole('textbox', { name: 'Find' }), 'haddad');
    act(() => vi.advanceTimersByTime(300));
    expect(router.state.location.search).toBe('?sort=name&find=haddad');
    expect(screen.getByText('the view as it was')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  it('comes back into the box from an address that holds it (a reload, a shared link)', () => {
    vi.useRealTimers();
    renderAt('/tables/t1?find=okafor&sort=name');
    expect(screen.getByRole('textbox', { name: 'Find' })).toHaveValue('okafor');
  });
});

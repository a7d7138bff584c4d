import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing/render-with-providers';
import { record } from '../../testing/records-test-utils';
import { createFindMatchesStore, type FindMatchesStore, useFindMatches } from '../find-matches';
import { createFindProgressStore } from '../find-progress';
import type { FindPhase } from '../find-state';
import type { Find } from '../use-find';
import { FindStatus } from './find-status';

function findOf(phase: FindPhase, matches: FindMatchesStore): Find {
  return {
    text: 'had',
    phase,
    error: null,
    byService: false,
    matches,
    progress: createFindProgressStore(),
    stop: () => {},
    searchAgain: () => {},
    type: () => {},
    prepare: () => {},
  };
}

/** The status line and the list, as the records screen draws them; each commit noted. */
function Screen({ find, commits }: { find: Find; commits: string[] }) {
  const listed = useFindMatches(find.matches).rows.length;
  useLayoutEffect(() => {
    const status = document.querySelector('[role="status"]')?.textContent ?? '';
    commits.push(`${status} | ${find.phase === 'idle' ? 'view' : listed}`);
  });
  return <FindStatus find={find} viewTotal={null} />;
}

describe('the find status line', () => {
  it('counts the matches the list shows from the frame the screen turns to the find', async () => {
    const matches = createFindMatchesStore();
    const commits: string[] = [];
    const { rerender } = renderWithProviders(
      <Screen find={findOf('idle', matches)} commits={commits} />,
    );
    // The keystroke's search answered before the screen turned (it begins with the key).
    matches.set({ text: 'had', rows: [record('r1', {}), record('r2', {}), record('r3', {})] });
    rerender(<Screen find={findOf('searching', matches)} commits={commits} />);
    await screen.findByText('3 matches · searched 0');
    const shown = commits.filter((commit) => !commit.endsWith('| view'));
    expect(shown.length).toBeGreaterThan(0);
    for (const commit of shown) expect(commit).toMatch(/^3 matches/);
  });
});

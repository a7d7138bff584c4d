import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">Could not load</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

function renderLazy(load: () => Promise<{ default: typeof Greeting }>) {
  const Lazy = lazyWithRetry(load);
  const caught: unknown[] = [];
  render(
    <Boundary>
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ana" />
      </Suspense>
    </Boundary>,
    { onCaughtError: (error) => caught.push(error) },
  );
  return caught;
}

describe('lazyWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the component once a chunk that failed twice comes', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(chunkError())
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: Greeting });
    const caught = renderLazy(load);
    expect(screen.getByText('Loading')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(500 + 1_000));

    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    expect(caught).toEqual([]);
  });

  it('reaches the error boundary only after every retry failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValue(chunkError());
    const caught = renderLazy(load);

    // Still waiting after the third retry (0.5 + 1 + 2 s): the fourth comes 4 s later.
    await act(() => vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4_000));

    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(load).toHaveBeenCalledTimes(5);
    expect(caught).toEqual([expect.objectContaining({ message: chunkError().message })]);
  });
});

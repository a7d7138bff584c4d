/**
 * Runs `run` once the page is idle, or after `timeout` ms at the latest (a browser without
 * idle callbacks: after a short delay). Returns a function that cancels it. For work that
 * should not compete with the screen's first paint: code the next click may need.
 */
export function whenIdle(run: () => void, timeout = 1_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

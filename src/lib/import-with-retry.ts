/**
 * A code-split chunk asked for again when its first fetch fails: a phone between two cell
 * towers, or a server restarting, would otherwise leave React's lazy() with a rejected
 * import and the whole screen on its error boundary. Browsers no longer keep a failed
 * module fetch (HTML's module map drops it), so the same import() fetches it afresh.
 */
export function importWithRetry<Module>(
  load: () => Promise<Module>,
  delaysMs: readonly number[] = [500, 1_000, 2_000, 4_000],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Module> {
  return load().catch(async (error: unknown) => {
    const [delay, ...rest] = delaysMs;
    if (delay === undefined) throw error;
    await wait(delay);
    return importWithRetry(load, rest, wait);
  });
}

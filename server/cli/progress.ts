/**
 * Seeding progress for the terminal, so a first start never looks hung: on a terminal one
 * line redrawn in place (a bar, the percentage, records done); into a pipe or a file a
 * line at every 10%, so a log stays short.
 */
export interface SeedProgress {
  /** `done` of `total` Orders records are written. */
  update(done: number, total: number): void;
  /** Seeding finished after `ms` milliseconds. */
  finish(ms: number, total: number): void;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function progressLine(done: number, total: number): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  // After the last record come the indexes and the planner's statistics: a few seconds more.
  const after = done >= total ? ', indexing…' : '';
  return `Seeding the demo data ${bar} ${percent}  ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} orders${after}`;
}

export function seedProgress(
  out: { write(text: string): unknown; isTTY?: boolean },
  now: () => number = () => performance.now(),
): SeedProgress {
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (out.isTTY === true) {
        const time = now();
        if (time - lastDraw < REDRAW_MS && done < total) return;
        lastDraw = time;
        drawn = true;
        out.write(`\r\x1b[2K${progressLine(done, total)}`);
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      out.write(`${progressLine(done, total)}\n`);
    },
    finish(ms, total) {
      const line = `Seeded the demo data (${total.toLocaleString('en-US')} orders) in ${formatDuration(ms)}`;
      out.write(out.isTTY === true && drawn ? `\r\x1b[2K${line}\n` : `${line}\n`);
    },
  };
}

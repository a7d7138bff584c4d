import { describe, expect, it } from 'vitest';
import { REST_MS, type RestClock, ScrollRest } from './scroll-rest';

/**
 * A main thread in miniature: timers and frames run only when the test lets the thread
 * idle (`idle`); `busy` is a long task, during which nothing runs and the scroll events
 * and input wait (`then` runs them when the thread is free again, before a frame's
 * callbacks, as a browser dispatches them).
 */
function thread() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let frames: (() => void)[] = [];
  let ids = 0;
  const clock: RestClock = {
    now: () => now,
    setTimer: (run, ms) => {
      ids += 1;
      timers.push({ at: now + ms, run, id: ids });
      return ids;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    nextFrame: (run) => {
      frames.push(run);
      return () => {
        frames = frames.filter((frame) => frame !== run);
      };
    },
  };
  /** Runs what is due, frames every 16 ms, until `until`. */
  const idle = (until: number) => {
    while (now < until) {
      const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
      if (due) {
        timers = timers.filter((timer) => timer !== due);
        due.run();
        continue;
      }
      const run = frames;
      frames = [];
      for (const frame of run) frame();
      now = Math.min(until, now + 16);
    }
  };
  /** A long task of `ms`; `queued` (scroll events, input) runs as it ends, before anything due. */
  const busy = (ms: number, queued: () => void = () => {}) => {
    now += ms;
    // A late timer first: it was queued before the scroll event (a browser runs tasks in
    // order, and the rendering that dispatches scroll events comes after).
    const late = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of late) timer.run();
    queued();
    const run = frames;
    frames = [];
    for (const frame of run) frame();
  };
  return { clock, idle, busy, now: () => now };
}

describe('ScrollRest', () => {
  it('rests about REST_MS after the last scroll on a thread that keeps up', () => {
    const main = thread();
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    rest.scrolled();
    main.idle(50);
    rest.scrolled();
    main.idle(100);
    rest.scrolled();
    main.idle(240);
    expect(rests).toEqual([]);
    expect(rest.scrolling).toBe(true);
    main.idle(400);
    expect(rests).toHaveLength(1);
    expect(rests[0]).toBeGreaterThanOrEqual(100 + REST_MS);
    expect(rests[0]).toBeLessThan(100 + REST_MS + 20);
    expect(rest.scrolling).toBe(false);
  });

  it('keeps a scrolling going while the wheel turns without scrolling (input only)', () => {
    const main = thread();
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    rest.scrolled();
    for (let at = 100; at <= 400; at += 100) {
      main.idle(at);
      rest.input();
    }
    main.idle(500);
    expect(rests).toEqual([]);
    main.idle(700);
    expect(rests).toHaveLength(1);
    expect(rests[0]).toBeGreaterThanOrEqual(400 + REST_MS);
  });

  it('does not start a scrolling on input alone', () => {
    const main = thread();
    const rest = new ScrollRest(() => {}, main.clock);
    rest.input();
    expect(rest.scrolling).toBe(false);
  });

  it('does not rest when a long task made its timer late while the wheel kept turning', () => {
    const main = thread();
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    // A slow phone's wheel: each step's frame (draw, a page arriving) outlasts REST_MS, and
    // the step made meanwhile comes as that task ends, after the late timer.
    rest.scrolled();
    for (let step = 0; step < 10; step++) main.busy(220, () => rest.scrolled());
    expect(rests).toEqual([]);
    expect(rest.scrolling).toBe(true);
    // The wheel stopped: the rest comes REST_MS of free thread later.
    const stopped = main.now();
    main.idle(stopped + 400);
    expect(rests).toHaveLength(1);
    expect(rests[0]).toBeGreaterThanOrEqual(stopped + REST_MS);
  });

  it('waits REST_MS of free thread after a long task, then rests on a real pause', () => {
    const main = thread();
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    rest.scrolled();
    main.idle(10);
    // The last step's frame is long; nothing scrolls after it.
    main.busy(300);
    expect(rests).toEqual([]);
    const free = main.now();
    main.idle(free + REST_MS - 20);
    expect(rests).toEqual([]);
    main.idle(free + REST_MS + 40);
    expect(rests).toHaveLength(1);
  });

  it('serves a run of scroll events with one timer, not one set and cleared per event', () => {
    const main = thread();
    let timers = 0;
    const setTimer = main.clock.setTimer;
    main.clock.setTimer = (run, ms) => {
      timers += 1;
      return setTimer(run, ms);
    };
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    // A wheel's steps every frame for a second.
    for (let at = 0; at <= 1_000; at += 16) {
      main.idle(at);
      rest.scrolled();
    }
    const last = main.now();
    main.idle(last + 400);
    expect(rests).toHaveLength(1);
    expect(rests[0]).toBeGreaterThanOrEqual(last + REST_MS);
    expect(rests[0]).toBeLessThan(last + REST_MS + 20);
    // One timer moved on each REST_MS or so, not 63.
    expect(timers).toBeLessThanOrEqual(10);
  });

  it('rests nothing once cancelled', () => {
    const main = thread();
    const rests: number[] = [];
    const rest = new ScrollRest(() => rests.push(main.now()), main.clock);
    rest.scrolled();
    rest.cancel();
    main.idle(1_000);
    expect(rests).toEqual([]);
  });
});

// Runs inside the dashboard page (injected with Playwright's addInitScript({ path })).
// Plain JavaScript on purpose: tsx compiles the bench's TypeScript with esbuild's
// keepNames, whose `__name` helper does not exist in the page.
(() => {
  const probe = {
    clickAt: 0,
    firstRowText: '',
    rowPaintedAt: 0,
    longTasks: [],
    // Long Animation Frames (frames of over 50 ms), as the browser times them: nothing the
    // probe does in a frame adds to them.
    longFrames: [],
    maxRowElements: 0,
  };
  window.__bench = probe;

  // A record row, not a placeholder: rows still loading are aria-busy and only say "Loading…".
  const firstDataRow = () =>
    document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]:not([aria-busy="true"])');

  // "Painted": the frame after the DOM first shows a changed first data row.
  const countRows = () => {
    const rows = document.querySelectorAll('[role="grid"] [role="row"]').length;
    if (rows > probe.maxRowElements) probe.maxRowElements = rows;
  };
  // Watches the document only from a click until its first row is painted: observing
  // every text change of the whole document queued a record for each cell a scroll frame
  // wrote, and the callback queried every row, in the frames the scroll rows measure.
  const observer = new MutationObserver(() => {
    countRows();
    if (!probe.clickAt || probe.rowPaintedAt) return;
    const row = firstDataRow();
    if (!row || row.textContent === probe.firstRowText) return;
    observer.disconnect();
    const observedAt = performance.now();
    probe.rowPaintedAt = observedAt;
    requestAnimationFrame(() => {
      if (probe.rowPaintedAt === observedAt) probe.rowPaintedAt = performance.now();
    });
  });
  // The phone's cards have no grid row to wait for: their bench stops the watch itself once
  // the first card shows (cards-bench.ts), or it would query the document after every
  // mutation of the fling it measures.
  probe.stopWatching = () => observer.disconnect();
  document.addEventListener(
    'click',
    () => {
      probe.clickAt = performance.now();
      probe.rowPaintedAt = 0;
      probe.firstRowText = firstDataRow()?.textContent ?? '';
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      let scriptMs = 0;
      let topScript = '';
      let topScriptMs = 0;
      for (const script of entry.scripts) {
        scriptMs += script.duration;
        if (script.duration > topScriptMs) {
          topScriptMs = script.duration;
          topScript =
            `${script.invoker || script.invokerType} ${script.sourceFunctionName || ''}`.trim();
        }
      }
      probe.longFrames.push({
        startTime: entry.startTime,
        duration: entry.duration,
        blockingDuration: entry.blockingDuration,
        scriptMs,
        // From the start of rendering (rAF callbacks, style, layout, paint) to the frame's end.
        renderMs: entry.renderStart > 0 ? entry.startTime + entry.duration - entry.renderStart : 0,
        styleAndLayoutMs:
          entry.styleAndLayoutStart > 0
            ? entry.startTime + entry.duration - entry.styleAndLayoutStart
            : 0,
        topScript,
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });

  // Frame times (rAF to rAF) between start() and stop(): the wheel-at-a-person's-pace measure.
  // The callback only reads its timestamp: it reads no layout, so it costs the frame nothing.
  let frames = null;
  const tick = (() => {
    let last = 0;
    const step = (now) => {
      if (frames === null) return;
      if (last > 0) frames.push(now - last);
      last = now;
      requestAnimationFrame(step);
    };
    return () => {
      last = 0;
      requestAnimationFrame(step);
    };
  })();
  window.__benchFrames = {
    start: () => {
      frames = [];
      tick();
    },
    stop: () => {
      const seen = frames ?? [];
      frames = null;
      return seen;
    },
  };

  // Resolves once the next frame has been drawn: a task posted from its rAF callback runs
  // after that frame's style, layout and paint. Reading or setting scrollTop there finds
  // layout clean; in the rAF callback itself (as this probe did), it forced a layout of the
  // DOM the scroll's render had just changed (~6.7 ms a frame at 2×), before the frame's own.
  const afterNextFrame = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  window.__benchAfterNextFrame = afterNextFrame;

  // A person flicking the wheel: a big step each frame, waiting whenever the end of what
  // is loaded is reached, until record `target` is drawn or nothing moves for 10 s.
  window.__benchScrollTo = async (target) => {
    // The grid scrolls inside its parent, which the virtualizer watches.
    const scroller = document.querySelector('[role="grid"]')?.parentElement;
    if (!scroller) throw new Error('no grid on the page');
    const lastDrawnRecord = () => {
      let highest = 0;
      for (const row of document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]')) {
        if (row.getAttribute('aria-busy') === 'true') continue;
        highest = Math.max(highest, Number(row.getAttribute('aria-rowindex')));
      }
      // While the grid scrolls its body is drawn on a canvas and the DOM rows wait
      // (decision 066): the highest record the canvas drew counts too.
      const drawn = Number(scroller.querySelector('canvas')?.dataset.lastDrawnRow ?? 0);
      return Math.max(highest - 1, drawn);
    };
    let stalledSince = performance.now();
    await afterNextFrame();
    // Rows in the DOM are counted after each frame (the most a frame ever drew).
    countRows();
    // A person's scroll, as the grid tells one (decision 066's addendum): the scrollbar
    // dragged, its pointer down on the scroll element for the whole way, up at the end. A
    // scroll with no input before it is drawn in DOM rows, as the browser's own would be.
    const pointer = { pointerId: 9_999, pointerType: 'mouse', bubbles: true, composed: true };
    scroller.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
    try {
      while (lastDrawnRecord() < target && performance.now() - stalledSince < 10_000) {
        const before = scroller.scrollTop;
        scroller.scrollTop = before + scroller.clientHeight * 3;
        if (scroller.scrollTop !== before) stalledSince = performance.now();
        await afterNextFrame();
        countRows();
      }
    } finally {
      scroller.dispatchEvent(new PointerEvent('pointerup', pointer));
    }
    return lastDrawnRecord();
  };
})();

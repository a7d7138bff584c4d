// Runs inside the dashboard page (injected with Playwright's addInitScript({ path })).
// Plain JavaScript on purpose: tsx compiles the bench's TypeScript with esbuild's
// keepNames, whose `__name` helper does not exist in the page.
(() => {
  const probe = {
    clickAt: 0,
    firstRowText: '',
    rowPaintedAt: 0,
    longTasks: [],
    maxRowElements: 0,
  };
  window.__bench = probe;

  // A record row, not a placeholder: rows still loading are aria-busy and only say "Loading…".
  const firstDataRow = () =>
    document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]:not([aria-busy="true"])');

  // "Painted": the frame after the DOM first shows a changed first data row.
  document.addEventListener(
    'click',
    () => {
      probe.clickAt = performance.now();
      probe.rowPaintedAt = 0;
      probe.firstRowText = firstDataRow()?.textContent ?? '';
    },
    true,
  );
  new MutationObserver(() => {
    const rows = document.querySelectorAll('[role="grid"] [role="row"]').length;
    if (rows > probe.maxRowElements) probe.maxRowElements = rows;
    if (!probe.clickAt || probe.rowPaintedAt) return;
    const row = firstDataRow();
    if (!row || row.textContent === probe.firstRowText) return;
    const observedAt = performance.now();
    probe.rowPaintedAt = observedAt;
    requestAnimationFrame(() => {
      if (probe.rowPaintedAt === observedAt) probe.rowPaintedAt = performance.now();
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });

  // Frame times (rAF to rAF) between start() and stop(): the wheel-at-a-person's-pace measure.
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
      return highest - 1;
    };
    let stalledSince = performance.now();
    while (lastDrawnRecord() < target && performance.now() - stalledSince < 10_000) {
      const before = scroller.scrollTop;
      scroller.scrollTop = before + scroller.clientHeight * 3;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (scroller.scrollTop !== before) stalledSince = performance.now();
    }
    return lastDrawnRecord();
  };
})();

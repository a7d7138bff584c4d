// Runs inside the dashboard page (injected with Playwright's addInitScript({ path })), beside
// page-probe.js. Plain JavaScript for the same reason: tsx's keepNames `__name` helper does
// not exist in the page.
(() => {
  // A person flinging the cards: a flick every `everyMs`, each leaving the list coasting at
  // `speed` px/s and slowing down as a phone's scroll does (exponential decay, 325 ms time
  // constant, as iOS's and Android's flings), for `durationMs`. Driven from the page,
  // frame by frame: CDP's synthesized touch gesture did not scroll the headless page. Each
  // step runs after its frame is drawn (page-probe.js's `__benchAfterNextFrame`), where
  // layout is clean: in a rAF callback, `scrollTop +=` forced a layout of its own.
  const afterNextFrame = () => window.__benchAfterNextFrame();
  window.__benchCardsFling = (durationMs, everyMs, speed) =>
    new Promise((resolve) => {
      const list = document.querySelector('ul[aria-label="Orders"]');
      const scroller = list?.parentElement;
      if (!list || !scroller) throw new Error('no cards on the page');
      const started = performance.now();
      let lastFlick = -Infinity;
      let velocity = 0;
      let last = started;
      let flicks = 0;
      const step = (now) => {
        const elapsed = now - started;
        if (elapsed >= durationMs) {
          resolve(flicks);
          return;
        }
        if (now - lastFlick >= everyMs) {
          lastFlick = now;
          velocity = speed;
          flicks += 1;
        }
        const dt = Math.min(100, now - last) / 1000;
        last = now;
        scroller.scrollTop += velocity * dt;
        velocity *= Math.exp(-dt / 0.325);
        afterNextFrame().then(step);
      };
      afterNextFrame().then(step);
    });

  // A person's fast flicks through the cards: three screens a frame, waiting where the
  // loaded records end, until the card of record `wanted` is drawn with its record (or
  // nothing moves for 20 s). Counts the most cards in the DOM at once on the way.
  window.__benchCardsScrollTo = async (wanted) => {
    const list = document.querySelector('ul[aria-label="Orders"]');
    const scroller = list?.parentElement;
    if (!list || !scroller) throw new Error('no cards on the page');
    let most = list.children.length;
    const count = () => {
      most = Math.max(most, list.children.length);
    };
    const observer = new MutationObserver(count);
    observer.observe(list, { childList: true });
    const reached = () =>
      list.querySelector(`:scope > li[data-index="${wanted}"][data-row-id]`) !== null;
    const lastDrawn = () => {
      let highest = 0;
      for (const card of list.querySelectorAll(':scope > li[data-row-id]'))
        highest = Math.max(highest, Number(card.dataset.index ?? 0));
      return highest;
    };
    let stalledSince = performance.now();
    while (!reached() && performance.now() - stalledSince < 20_000) {
      if (lastDrawn() >= wanted) {
        // Past it: step back onto it.
        scroller.scrollTop -= scroller.clientHeight;
      } else {
        const before = scroller.scrollTop;
        scroller.scrollTop = before + scroller.clientHeight * 3;
        if (scroller.scrollTop !== before) stalledSince = performance.now();
      }
      await afterNextFrame();
      count();
    }
    observer.disconnect();
    return { reached: reached(), last: lastDrawn(), most };
  };
})();

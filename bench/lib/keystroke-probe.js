// Keystroke → the find's matches among the loaded rows repainted, seen from inside the page
// (bench/find-keystroke-bench.ts, decision 057). Added before the app's own scripts.
//
// Each keystroke into the find box is timed from its keydown's event.timeStamp (a capture
// listener, so before the app handles it) to the first moment the screen shows that text's
// matches: the find's marks (CSS Custom Highlight `find-match`) are for that text, and every
// record row drawn holds it. The marks are set in a frame after the matches store changes and
// after the rows drawn change, so a check runs after each batch of marks (a microtask after
// Highlight.add) and at each frame; then a setTimeout(0) from there lands after the frame's
// paint, which is what is reported (`ms`), with the moment it was seen (`shownMs`).
(() => {
  const fold = (text) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  const BOX = 'Find in this table';
  // The box is named by a <label> (the catalog's English words).
  const isBox = (target) =>
    target instanceof HTMLInputElement && target.labels?.[0]?.textContent?.trim() === BOX;
  /** The keystroke waiting for its matches: { word, at, result }. */
  let waiting = null;
  /** What each text typed got, by text: { ms, shownMs, status } once shown. */
  const results = new Map();
  let lastKeyAt = 0;

  const marksText = () => {
    const highlight = globalThis.CSS?.highlights?.get('find-match');
    if (!highlight) return null;
    for (const range of highlight) return fold(range.toString());
    return null;
  };
  const rowsShow = (word) => {
    const rows = document.querySelectorAll('[role="grid"] tbody [role="row"]');
    if (rows.length === 0) return false;
    for (const row of rows) {
      if (row.getAttribute('aria-busy') === 'true') return false;
      if (!fold(row.textContent ?? '').includes(word)) return false;
    }
    return true;
  };
  const check = () => {
    const entry = waiting;
    if (entry === null) return;
    if (marksText() !== entry.word || !rowsShow(entry.word)) return;
    waiting = null;
    const shownAt = performance.now();
    const status =
      document.querySelector('section[aria-label="Find"] [role="status"]')?.textContent ?? '';
    setTimeout(() => {
      results.set(entry.text, {
        ms: performance.now() - entry.at,
        shownMs: shownAt - entry.at,
        status,
      });
    }, 0);
  };
  const everyFrame = () => {
    check();
    if (waiting !== null) requestAnimationFrame(everyFrame);
  };

  addEventListener(
    'keydown',
    (event) => {
      if (isBox(event.target)) lastKeyAt = event.timeStamp;
    },
    true,
  );
  addEventListener(
    'input',
    (event) => {
      if (!isBox(event.target)) return;
      const text = event.target.value;
      const word = fold(text.trim());
      waiting = word === '' ? null : { text, word, at: lastKeyAt };
      if (waiting !== null) requestAnimationFrame(everyFrame);
    },
    true,
  );

  const Highlight = globalThis.Highlight;
  if (Highlight) {
    const add = Highlight.prototype.add;
    let queued = false;
    Highlight.prototype.add = function (range) {
      const result = add.call(this, range);
      if (waiting !== null && !queued) {
        queued = true;
        queueMicrotask(() => {
          queued = false;
          check();
        });
      }
      return result;
    };
  }

  /** What typing `text` got, or null if not shown within `timeout` ms. */
  window.__keystrokeShown = (text, timeout) =>
    new Promise((resolve) => {
      const started = performance.now();
      const poll = () => {
        const result = results.get(text);
        if (result) {
          results.delete(text);
          resolve(result);
        } else if (performance.now() - started > timeout) resolve(null);
        else setTimeout(poll, 20);
      };
      poll();
    });

  /**
   * Scrolls the grid down until `rows` records are loaded, the viewport's bottom never more
   * than a few rows past what is loaded (no seek: the pages load in order), then back to the
   * top. Returns the highest record seen loaded.
   */
  window.__benchLoadRows = async (rows) => {
    const grid = document.querySelector('[role="grid"]');
    const scroller = grid?.parentElement;
    if (!scroller) throw new Error('no grid on the page');
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const loaded = () => {
      let highest = 0;
      for (const row of grid.querySelectorAll('[role="row"][aria-rowindex]')) {
        if (row.getAttribute('aria-busy') === 'true') continue;
        highest = Math.max(highest, Number(row.getAttribute('aria-rowindex')) - 1);
      }
      return Math.max(highest, Number(scroller.querySelector('canvas')?.dataset.lastDrawnRow ?? 0));
    };
    const rowHeight =
      grid.querySelector('tbody [role="row"]')?.getBoundingClientRect().height || 36;
    let best = 0;
    let stalledSince = performance.now();
    while (best < rows && performance.now() - stalledSince < 30_000) {
      const now = loaded();
      if (now > best) {
        best = now;
        stalledSince = performance.now();
      }
      // The bottom of the viewport 40 rows past the last loaded: the next page is asked for.
      // No input before these scrolls: the grid draws them in DOM rows, as it would a
      // scroll it made itself (they set up the keystroke's measure, they are not it).
      const top = (Math.min(best, rows) + 40) * rowHeight - scroller.clientHeight;
      if (top > scroller.scrollTop) scroller.scrollTop = top;
      await frame();
    }
    scroller.scrollTop = 0;
    const atTop = performance.now();
    while (performance.now() - atTop < 30_000) {
      await frame();
      const first = grid.querySelector('[role="row"][aria-rowindex="2"]');
      if (first && first.getAttribute('aria-busy') !== 'true') break;
    }
    return best;
  };
})();

/**
 * The first `Intl` formatter a page makes for a language loads that language's ICU data:
 * ~16 ms for a NumberFormat, ~4 ms each for a DateTimeFormat and a ListFormat on a fast
 * desk, many times that on a phone. Made during the first screen's render with rows, that
 * was the largest single item of its work (a quarter of the grid's first render after
 * Connect at 2× CPU). Made here, one per idle moment while the page waits for its code,
 * its replies or a person typing their key, the formatters the screens then make are
 * cheap. Nothing is kept: the data stays loaded in the browser.
 */
export function warmIntlFormatters(
  locale: string,
  whenIdle: (run: () => void) => void = runWhenIdle,
): void {
  const steps = [
    () => new Intl.NumberFormat(locale).format(1234.5),
    () => new Intl.PluralRules(locale).select(2),
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0),
    () => new Intl.ListFormat(locale).format(['a', 'b']),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    try {
      step();
    } catch {
      // A language Intl lacks: the screens fall back on their own; nothing to warm.
    }
    whenIdle(next);
  };
  whenIdle(next);
}

function runWhenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
  else setTimeout(run, 0);
}

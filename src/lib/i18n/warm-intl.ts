/**
 * The first `Intl` formatter a page makes for a language loads that language's ICU data:
 * ~16 ms for a NumberFormat, ~4 ms each for a DateTimeFormat and a ListFormat on a fast
 * desk, many times that on a phone. Made during the first screen's render with rows, that
 * was the largest single item of its work (a quarter of the grid's first render after
 * Connect at 2× CPU, ~45 ms of the phone's at 4×). Made here, one a task as soon as the
 * start-up script has sent its requests, while the page waits for the app's code and the
 * replies, the formatters the screens then make are cheap. Not in idle time: on a slow
 * phone the page was not idle before the records arrived, and the render paid for them
 * again. Nothing is kept: the data stays loaded in the browser.
 */
export function warmIntlFormatters(
  locale: string,
  nextTask: (run: () => void) => void = (run) => setTimeout(run, 0),
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
    nextTask(next);
  };
  nextTask(next);
}

import { startTransition } from 'react';
import type { createHashRouter } from 'react-router';

type AppRouter = ReturnType<typeof createHashRouter>;
type Location = AppRouter['state']['location'];

/**
 * Whether `after` is `before` with only `quiet` search parameters changed (added, removed
 * or another value): the same path and every other parameter as it was.
 */
export function onlyQuietParamsChanged(
  before: Location,
  after: Location,
  quiet: readonly string[],
): boolean {
  if (before.pathname !== after.pathname || before.search === after.search) return false;
  const rest = (search: string) => {
    const params = new URLSearchParams(search);
    for (const name of quiet) params.delete(name);
    params.sort();
    return params.toString();
  };
  return rest(before.search) === rest(after.search);
}

/**
 * The router's updates that change only `quiet` search parameters of the address are drawn
 * as a transition, in slices, where the router's other updates draw a page at once (app.tsx:
 * `useTransitions={false}` after the first page). The find box writes `find=` a moment
 * after typing (find-url.ts), and that redraws the whole workspace (layout, table list,
 * records screen): at once, it was one task of 42–55 ms on the bench's 100,000 Orders at
 * 2.6× CPU, while the first matches arrived (decision 061). What follows the address is
 * the find's own state, already drawn; the address only has to be right for a reload, a
 * copy or Back, which a transition's few frames do not change.
 * An update the router asks to flush synchronously is left as it is.
 */
export function drawQuietParamsInTransition(
  router: AppRouter,
  quiet: readonly string[],
  inTransition: (update: () => void) => void = startTransition,
): AppRouter {
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (subscriber) => {
    let shown = router.state.location;
    return subscribe((state, options) => {
      const before = shown;
      shown = state.location;
      if (!options.flushSync && onlyQuietParamsChanged(before, state.location, quiet)) {
        inTransition(() => subscriber(state, options));
      } else {
        subscriber(state, options);
      }
    });
  };
  return router;
}

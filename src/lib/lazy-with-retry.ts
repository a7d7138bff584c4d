// biome-ignore lint/style/noRestrictedImports: this is the one wrapper every lazy component goes through.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithRetry } from './import-with-retry';

/**
 * React's lazy() for every code-split component: a chunk whose fetch fails is asked again
 * (import-with-retry.ts: 0.5, 1, 2, 4 s) before the render gives up and an error boundary
 * takes the screen. `load` is what lazy() takes: a module with the component as `default`.
 */
// biome-ignore lint/suspicious/noExplicitAny: lazy()'s own bound; the props are checked where the component renders.
export function lazyWithRetry<Loaded extends ComponentType<any>>(
  load: () => Promise<{ default: Loaded }>,
  delaysMs?: readonly number[],
): LazyExoticComponent<Loaded> {
  return lazy(() => importWithRetry(load, delaysMs));
}

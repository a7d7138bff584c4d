import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithRetry } from './import-with-retry';

/**
 * A component whose code loads when it first renders, and `preload` to load it ahead of
 * that (while the page is idle, say). A failed preload is left to the render, which loads
 * (and reports) it again.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => void } {
  return {
    // A failed fetch is asked again (import-with-retry.ts) before the render gives up.
    Component: lazy(() => importWithRetry(load).then((loaded) => ({ default: loaded }))),
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

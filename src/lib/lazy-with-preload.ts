import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithRetry } from './lazy-with-retry';

/**
 * A component whose code loads when it first renders, and `preload` to load it ahead of
 * that (while the page is idle, say). A failed preload is left to the render, which loads
 * (and reports) it again.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => void } {
  return {
    Component: lazyWithRetry(() => load().then((loaded) => ({ default: loaded }))),
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

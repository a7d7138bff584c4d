import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A component whose code loads when it first renders, and `preload` to load it ahead of
 * that (while the page is idle, say). A failed preload is left to the render, which loads
 * (and reports) it again.
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: LazyExoticComponent<ComponentType<Props>>; preload: () => void } {
  return {
    Component: lazy(() => load().then((loaded) => ({ default: loaded }))),
    preload: () => {
      load().catch(() => undefined);
    },
  };
}

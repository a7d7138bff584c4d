import { createContext, type MouseEvent, type ReactNode, useContext, useMemo, useRef } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';

/**
 * In-app links drawn by the hundred (a grid's linked records): each a plain `<a href>`
 * whose address is the router's own prefix plus the path, worked out once per render of
 * the page rather than once per link. React Router's `Link` resolves every address itself,
 * and with hash history that runs `document.querySelector('base')` over the whole document
 * for every link drawn (~284 ms of a 10 s wheel over the grid, decision 056).
 */
export interface AppLinks {
  /** The address of an in-app path, as the router writes it (`#/…`, with its basename and base). */
  hrefOf(path: string): string;
  /**
   * A click on a link to `path`: a plain left click navigates in the app; with a modifier
   * (new tab, new window, download) or another button, the browser does as it always does.
   */
  follow(path: string, event: MouseEvent<HTMLAnchorElement>): void;
}

const AppLinksContext = createContext<AppLinks | null>(null);

/** The page's plain links, or null where no page provides them (a `Link` is drawn then). */
export function useAppLinks(): AppLinks | null {
  return useContext(AppLinksContext);
}

/** True for a click the app should handle: the main button, no modifier, not already handled. */
export function isPlainLeftClick(event: MouseEvent<HTMLElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

export function AppLinksProvider({ children }: { children: ReactNode }) {
  // The address of the app's root, e.g. "#/", "#/embed" (the embedded view's basename) or
  // "https://host/sub/#/" under a <base>: every in-app path is that prefix plus the path.
  const root = useHref('/');
  const prefix = root.endsWith('/') ? root.slice(0, -1) : root;
  const navigate = useNavigate();
  const location = useLocation();
  // Read at click time: the links don't draw again when the location changes.
  const here = useRef('');
  here.current = `${location.pathname}${location.search}${location.hash}`;
  const links = useMemo<AppLinks>(
    () => ({
      hrefOf: (path) => `${prefix}${path}`,
      follow: (path, event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        // As `Link` does: a link to where the person already is doesn't add a history entry.
        navigate(path, { replace: here.current === path });
      },
    }),
    [prefix, navigate],
  );
  return <AppLinksContext.Provider value={links}>{children}</AppLinksContext.Provider>;
}

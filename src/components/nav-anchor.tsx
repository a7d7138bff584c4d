import { createContext, type ReactNode, use, useContext } from 'react';
import { NavLink, UNSAFE_LocationContext, useLocation } from 'react-router';
import { useAppLinks } from './app-links';

/**
 * Navigation drawn beside a page (the workspace's tables, its other resources) that does not
 * draw again when only the page's query string changes: a sort or a filter of the records
 * writes the address, and React Router's `NavLink`, `Link` and `useMatch` each read the
 * whole location, so every link of the sidebar rendered again with every header click
 * (issue 31, decision 063). Here the path is read once, by the provider, and its readers
 * draw again only when the path itself changes.
 */
const CurrentPathContext = createContext<string | null>(null);

export function CurrentPathProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <CurrentPathContext.Provider value={pathname}>{children}</CurrentPathContext.Provider>;
}

/** The address's path (no query string), as the router has it. */
export function useCurrentPathname(): string {
  const provided = useContext(CurrentPathContext);
  // Outside a provider (a part drawn alone): the router's location, read as `NavLink` does.
  return provided ?? use(UNSAFE_LocationContext).location.pathname;
}

/** `NavLink`'s own test (`end` false, not case-sensitive): the path or one below it. */
export function isActivePath(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(end) === '/');
}

interface NavAnchorProps {
  to: string;
  onClick?: (() => void) | undefined;
  className: (state: { isActive: boolean }) => string;
  title?: string | undefined;
  translate?: 'yes' | 'no' | undefined;
  'aria-describedby'?: string | undefined;
  children: ReactNode;
}

/**
 * A `NavLink` as a plain `<a href>` (aria-current="page" on the path or below it) where the
 * page's plain links are provided (`AppLinksProvider`); a `NavLink` elsewhere.
 */
export function NavAnchor({ to, onClick, className, children, ...rest }: NavAnchorProps) {
  const links = useAppLinks();
  const pathname = useCurrentPathname();
  if (links === null)
    return (
      <NavLink to={to} onClick={onClick} className={className} {...rest}>
        {children}
      </NavLink>
    );
  const isActive = isActivePath(pathname, to);
  return (
    <a
      href={links.hrefOf(to)}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
      onClick={(event) => {
        onClick?.();
        links.follow(to, event);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

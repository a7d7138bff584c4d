import { memo, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { AppLinksProvider } from '../../components/app-links';
import { Button } from '../../components/button';
import { EscapeWhileOpening } from '../../components/escape-while-opening';
import { LanguageMenu } from '../../components/language-menu';
import { CurrentPathProvider, NavAnchor } from '../../components/nav-anchor';
import { ThemeToggle } from '../../components/theme-toggle';
import { paths } from '../../config/paths';
import { TablesSidebar } from '../../features/tables/components/tables-sidebar';
import type { Scope } from '../../lib/api/types';
import { useAuth } from '../../lib/auth/auth-context';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';
import { useT } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { AppHeader as AppHeaderDrawn } from './app-header';

// The palette's code loads the first time it is opened.
const CommandPalette = lazyWithRetry(() =>
  import('../command-palette/command-palette').then((module) => ({
    default: module.CommandPalette,
  })),
);
// Once Go to has been opened, its lists keep loading while it is closed (decision 043).
const GotoSearchInBackground = lazyWithRetry(() =>
  import('../command-palette/command-palette').then((module) => ({
    default: module.GotoSearchInBackground,
  })),
);

/** Ctrl+K (⌘K on a Mac) opens the "Go to" palette from anywhere in the app. */
function usePaletteShortcut(openPalette: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openPalette();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openPalette]);
}

/**
 * Header, navigation (tables, skills, tasks, pages, projects) and the page. Below the `lg` breakpoint the
 * navigation collapses behind the header's menu button and overlays the page.
 * `<main>` is a flex column that fills the remaining height, so a page (the records
 * grid) can take `flex-1 min-h-0` and scroll inside itself.
 */
/** The workspace's other resources, each shown only when the key may read it. */
const RESOURCE_LINKS: { to: string; label: MessageKey; scope: Scope }[] = [
  { to: paths.skills(), label: 'shell.nav.skills', scope: 'skills:read' },
  { to: paths.tasks(), label: 'shell.nav.tasks', scope: 'tasks:read' },
  { to: paths.pages(), label: 'shell.nav.pages', scope: 'pages:read' },
  { to: paths.projects(), label: 'shell.nav.projects', scope: 'projects:read' },
];

// The layout is drawn again with every change of the address (a sort or a filter of the
// records writes it): its parts are drawn again only when what they show changes (issue 31).
const AppHeader = memo(AppHeaderDrawn);

const WorkspaceNavLinks = memo(function WorkspaceNavLinks({
  onNavigate,
}: {
  onNavigate: () => void;
}) {
  const { canRead } = useReadableScopes();
  const t = useT();
  const links = RESOURCE_LINKS.filter((link) => canRead(link.scope));
  if (links.length === 0) return null;
  return (
    <ul className="space-y-0.5 border-t border-slate-200 p-1.5 dark:border-slate-800">
      {links.map((link) => (
        <li key={link.to}>
          <NavAnchor
            to={link.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `block rounded px-2 py-1 text-sm pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center focus-visible:outline-2 focus-visible:outline-blue-600 ${
                isActive
                  ? 'bg-blue-100 font-medium text-blue-900 dark:bg-blue-900/50 dark:text-blue-100'
                  : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800'
              }`
            }
          >
            {t(link.label)}
          </NavAnchor>
        </li>
      ))}
    </ul>
  );
});

export function AppLayout() {
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = useCallback(() => setNavOpen(false), []);
  const toggleNav = useCallback(() => setNavOpen((open) => !open), []);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteUsed, setPaletteUsed] = useState(false);
  const openPalette = useCallback(() => {
    setPaletteOpen(true);
    setPaletteUsed(true);
  }, []);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  usePaletteShortcut(openPalette);
  const t = useT();
  const { signOut } = useAuth();

  return (
    <div className="flex h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {/* A button, not href="#main": the hash router owns the fragment. */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-slate-800"
      >
        {t('shell.nav.skipToContent')}
      </button>
      <AppHeader navOpen={navOpen} onToggleNav={toggleNav} onOpenSearch={openPalette} />
      {paletteOpen ? (
        // Until its code is here, an Escape closes the Go to that is on its way.
        <Suspense fallback={<EscapeWhileOpening onEscape={closePalette} />}>
          <CommandPalette onClose={closePalette} />
        </Suspense>
      ) : null}
      {paletteUsed ? (
        <Suspense fallback={null}>
          <GotoSearchInBackground />
        </Suspense>
      ) : null}
      <div className="relative flex min-h-0 flex-1">
        {navOpen && (
          <button
            type="button"
            aria-label={t('shell.nav.hide')}
            tabIndex={-1}
            className="absolute inset-0 z-10 bg-slate-900/30 lg:hidden"
            onClick={closeNav}
          />
        )}
        {/* Its links are plain anchors that read the path alone (components/nav-anchor.tsx). */}
        <AppLinksProvider>
          <CurrentPathProvider>
            <nav
              id="app-nav"
              aria-label={t('shell.nav.label')}
              onKeyDown={(event) => {
                if (event.key === 'Escape') closeNav();
              }}
              className={`${navOpen ? 'flex' : 'hidden'} absolute inset-y-0 left-0 z-20 w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-slate-50 shadow-lg lg:static lg:flex lg:w-64 lg:shadow-none dark:border-slate-800 dark:bg-slate-900`}
            >
              <TablesSidebar onNavigate={closeNav} />
              <WorkspaceNavLinks onNavigate={closeNav} />
              {/* The header's language, theme and Sign out, below its `sm` width. */}
              <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-2 sm:hidden dark:border-slate-800">
                <LanguageMenu />
                <ThemeToggle />
                {/* Drawn only while the drawer is open: the header's own is the one on wider screens. */}
                {navOpen ? (
                  <Button
                    variant="secondary"
                    title={t('shell.header.signOutHint')}
                    onClick={() => signOut()}
                  >
                    {t('shell.header.signOut')}
                  </Button>
                ) : null}
              </div>
            </nav>
          </CurrentPathProvider>
        </AppLinksProvider>
        <main
          id="main"
          tabIndex={-1}
          className="flex min-h-0 min-w-0 flex-1 flex-col overflow-auto outline-none"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

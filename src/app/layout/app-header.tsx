import { useCallback, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { LanguageMenu } from '../../components/language-menu';
import { MenuOpener } from '../../components/menu-opener';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePopover } from '../../components/use-floating-panel';
import { paths } from '../../config/paths';
import { keyFingerprint } from '../../lib/api/key-fingerprint';
import { useAuth } from '../../lib/auth/auth-context';
import type { Workspace } from '../../lib/auth/auth-store';
import { serviceHostOf, workspaceHintOf, workspaceNameOf } from '../../lib/auth/workspace-labels';
import { formatList } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';

export { serviceHostOf } from '../../lib/auth/workspace-labels';

/** Each scope's list, as `shell.list.name` names it. */
const SCOPE_KINDS: Record<string, string> = {
  'tables:read': 'table',
  'skills:read': 'skill',
  'tasks:read': 'task',
  'pages:read': 'page',
  'projects:read': 'project',
};

/**
 * A workspace's name is data (the person's words, or the service's host) and is kept from
 * page translation; the demo's built-in name is not, so the pseudo-locale check still sees it.
 */
const nameTranslate = (workspace: Workspace) =>
  workspace.name !== null || !workspace.demo ? 'no' : undefined;

export function AppHeader({
  navOpen,
  onToggleNav,
  onOpenSearch,
}: {
  navOpen: boolean;
  onToggleNav: () => void;
  /** Opens the "Go to" palette (also Ctrl+K / ⌘K). */
  onOpenSearch?: () => void;
}) {
  const { session, signOut } = useAuth();
  const t = useT();

  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-3 dark:border-slate-800 dark:bg-slate-900">
      <Button
        variant="ghost"
        className="lg:hidden"
        aria-expanded={navOpen}
        aria-controls="app-nav"
        onClick={onToggleNav}
      >
        <span aria-hidden="true">☰</span>
        <span className="sr-only">{navOpen ? t('shell.nav.hide') : t('shell.nav.show')}</span>
      </Button>
      <div className="flex min-w-0 flex-1 items-center">
        {session && <WorkspaceSwitcher open={session} />}
      </div>
      {onOpenSearch ? (
        <Button
          variant="secondary"
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={onOpenSearch}
        >
          <span aria-hidden="true">⌕</span>
          {/* On a phone the icon says it: the words would push the header past the screen. */}
          <span className="sr-only whitespace-nowrap sm:not-sr-only">{t('shell.header.goTo')}</span>
          {/* A shortcut is for a keyboard: not shown where the pointer is a finger. */}
          <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-600 sm:[@media(hover:hover)_and_(pointer:fine)]:inline dark:border-slate-600 dark:text-slate-300">
            {t('shell.header.goToShortcut')}
          </kbd>
        </Button>
      ) : null}
      {/* On a phone they live in the navigation drawer (app-layout.tsx): the header keeps room
          for the workspace's name (issue 23: "D…" was all a 390 px screen showed of it). */}
      <span className="hidden sm:contents">
        <LanguageMenu />
        <ThemeToggle />
        <Button variant="secondary" title={t('shell.header.signOutHint')} onClick={() => signOut()}>
          {t('shell.header.signOut')}
        </Button>
      </span>
    </header>
  );
}

/**
 * The open workspace's name (host beside it, smaller), opening a list of the others: one
 * click switches (each keeps its own data and last view), Forget drops one, Details shows
 * the technical side for whoever needs it.
 */
function WorkspaceSwitcher({ open }: { open: Workspace }) {
  const { workspaces, switchTo, forget } = useAuth();
  const navigate = useNavigate();
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const name = workspaceNameOf(open);
  const host = serviceHostOf(open.connection.serviceUrl);

  const close = useCallback(() => setExpanded(false), []);
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open: expanded,
    onClose: close,
  });

  return (
    <div ref={rootRef} className="min-w-0">
      <MenuOpener
        open={expanded}
        panelId={panelId}
        openerRef={openerRef}
        aria-label={
          host === name
            ? t('shell.switcher.label', { name })
            : t('shell.switcher.labelWithHost', { name, host })
        }
        onToggle={() => setExpanded((value) => !value)}
        className="flex min-w-0 max-w-full items-baseline gap-2 rounded-md px-2 py-1 text-left pointer-coarse:min-h-11 pointer-coarse:items-center hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
      >
        <span
          translate={nameTranslate(open)}
          title={name}
          className="truncate font-semibold text-slate-900 dark:text-white"
        >
          {name}
        </span>
        {host !== name && (
          <span
            translate="no"
            className="hidden truncate text-sm text-slate-500 sm:inline dark:text-slate-400"
          >
            {host}
          </span>
        )}
        <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
          ▾
        </span>
      </MenuOpener>
      {expanded && (
        <section
          ref={panelRef}
          style={panelStyle}
          id={panelId}
          aria-label={t('shell.switcher.list')}
          className="z-30 w-80 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <ul className="space-y-1">
            {workspaces.map((workspace) => {
              const isOpen = workspace.id === open.id;
              const itemName = workspaceNameOf(workspace);
              return (
                <li key={workspace.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    aria-current={isOpen ? 'true' : undefined}
                    onClick={() => {
                      setExpanded(false);
                      if (workspace.keyRefused) navigate(paths.signInAgain(workspace.id));
                      else if (!isOpen) switchTo(workspace.id);
                    }}
                    className={`min-w-0 flex-1 rounded px-2 py-1 text-left pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-blue-600 ${
                      isOpen
                        ? 'bg-blue-50 dark:bg-blue-950/60'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                    }`}
                  >
                    {/* In full (a tap on a phone's cut-off name shows it here). */}
                    <span
                      translate={nameTranslate(workspace)}
                      className="block font-medium break-words text-slate-900 dark:text-white"
                    >
                      {itemName}
                    </span>
                    <span
                      title={workspaceHintOf(workspace)}
                      className="block truncate text-xs text-slate-600 dark:text-slate-300"
                    >
                      {workspaceHintOf(workspace)}
                    </span>
                  </button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={t('shell.switcher.forgetLabel', { name: itemName })}
                    title={t('shell.switcher.forgetHint')}
                    onClick={() => {
                      setExpanded(false);
                      // Focus goes to the Undo offer (UndoToast).
                      forget(workspace.id, itemName);
                    }}
                  >
                    {t('shell.switcher.forget')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <Link
            to={paths.addWorkspace()}
            onClick={() => setExpanded(false)}
            className="mt-2 block rounded px-2 py-1 text-blue-700 pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            {t('shell.switcher.add')}
          </Link>
          <details className="mt-2 border-t border-slate-200 px-2 pt-2 dark:border-slate-700">
            <summary className="cursor-pointer text-slate-700 pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center dark:text-slate-200">
              {t('shell.switcher.details')}
            </summary>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              <dt>{t('shell.switcher.service')}</dt>
              <dd translate="no" className="break-all font-mono">
                {open.connection.serviceUrl || window.location.origin}
              </dd>
              <dt>{t('shell.switcher.key')}</dt>
              <dd translate="no" className="font-mono">
                {keyFingerprint(open.connection.apiKey)}
              </dd>
              <dt>{t('shell.switcher.kept')}</dt>
              <dd>
                {open.remembered ? t('shell.switcher.keptOnDevice') : t('shell.switcher.keptInTab')}
              </dd>
              <dt>{t('shell.switcher.canRead')}</dt>
              <dd>
                {open.readableScopes === null
                  ? t('shell.switcher.notChecked')
                  : formatList(
                      open.readableScopes.map((scope) => {
                        const kind = SCOPE_KINDS[scope];
                        return kind ? t('shell.list.name', { kind }) : scope;
                      }),
                      'unit',
                    )}
              </dd>
            </dl>
          </details>
        </section>
      )}
    </div>
  );
}

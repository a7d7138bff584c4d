import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { LanguageMenu } from '../../components/language-menu';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePopoverDismissal } from '../../components/use-popover-dismissal';
import { paths } from '../../config/paths';
import { keyFingerprint } from '../../lib/api/key-fingerprint';
import { useAuth } from '../../lib/auth/auth-context';
import type { Workspace } from '../../lib/auth/auth-store';
import { serviceHostOf, workspaceHintOf, workspaceNameOf } from '../../lib/auth/workspace-labels';

export { serviceHostOf } from '../../lib/auth/workspace-labels';

const SCOPE_LABELS: Record<string, string> = {
  'tables:read': 'tables',
  'skills:read': 'skills',
  'tasks:read': 'tasks',
  'pages:read': 'pages',
  'projects:read': 'projects',
};

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
        <span className="sr-only">{navOpen ? 'Hide navigation' : 'Show navigation'}</span>
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
          <span>Go to</span>
          <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs text-slate-500 sm:inline dark:border-slate-600 dark:text-slate-400">
            Ctrl K
          </kbd>
        </Button>
      ) : null}
      <LanguageMenu />
      <ThemeToggle />
      <Button
        variant="secondary"
        title="Forget every workspace and key on this device"
        onClick={() => signOut()}
      >
        Sign out
      </Button>
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
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const name = workspaceNameOf(open);
  const host = serviceHostOf(open.connection.serviceUrl);

  const close = useCallback(() => setExpanded(false), []);
  usePopoverDismissal({
    open: expanded,
    onClose: close,
    rootRef: containerRef,
    openerRef: buttonRef,
  });

  return (
    <div ref={containerRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        aria-label={`Workspace: ${name}${host === name ? '' : ` (${host})`}. Switch workspace`}
        onClick={() => setExpanded((value) => !value)}
        className="flex min-w-0 max-w-full items-baseline gap-2 rounded-md px-2 py-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
      >
        <span className="truncate font-semibold text-slate-900 dark:text-white">{name}</span>
        {host !== name && (
          <span className="hidden truncate text-sm text-slate-500 sm:inline dark:text-slate-400">
            {host}
          </span>
        )}
        <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
          ▾
        </span>
      </button>
      {expanded && (
        <section
          id={panelId}
          aria-label="Workspaces"
          className="absolute top-full left-0 z-30 mt-1 w-80 max-w-[90vw] rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
                    className={`min-w-0 flex-1 rounded px-2 py-1 text-left focus-visible:outline-2 focus-visible:outline-blue-600 ${
                      isOpen
                        ? 'bg-blue-50 dark:bg-blue-950/60'
                        : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                    }`}
                  >
                    <span className="block truncate font-medium text-slate-900 dark:text-white">
                      {itemName}
                    </span>
                    <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                      {workspaceHintOf(workspace)}
                    </span>
                  </button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    aria-label={`Forget ${itemName}`}
                    title="Forget this workspace and its key on this device"
                    onClick={() => {
                      setExpanded(false);
                      // Focus goes to the Undo offer (UndoToast).
                      forget(workspace.id, itemName);
                    }}
                  >
                    Forget
                  </Button>
                </li>
              );
            })}
          </ul>
          <Link
            to={paths.addWorkspace()}
            onClick={() => setExpanded(false)}
            className="mt-2 block rounded px-2 py-1 text-blue-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            Add a workspace…
          </Link>
          <details className="mt-2 border-t border-slate-200 px-2 pt-2 dark:border-slate-700">
            <summary className="cursor-pointer text-slate-700 dark:text-slate-200">Details</summary>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              <dt>Service</dt>
              <dd className="break-all font-mono">
                {open.connection.serviceUrl || window.location.origin}
              </dd>
              <dt>Key</dt>
              <dd className="font-mono">{keyFingerprint(open.connection.apiKey)}</dd>
              <dt>Kept</dt>
              <dd>{open.remembered ? 'on this device' : 'in this tab only'}</dd>
              <dt>Can read</dt>
              <dd>
                {open.readableScopes === null
                  ? 'not checked'
                  : open.readableScopes.map((scope) => SCOPE_LABELS[scope] ?? scope).join(', ')}
              </dd>
            </dl>
          </details>
        </section>
      )}
    </div>
  );
}

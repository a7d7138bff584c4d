import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { useAuth } from '../../lib/auth/auth-context';
import type { Workspace } from '../../lib/auth/auth-store';
import {
  workspaceHintOf,
  workspaceNameIsData,
  workspaceNameOf,
} from '../../lib/auth/workspace-labels';
import { useT } from '../../lib/i18n/i18n-react';

/**
 * The workspaces this browser knows (remembered on this device, or opened in this tab):
 * one click opens one without typing its key again; each can be renamed or forgotten.
 */
export function WorkspaceList({
  openId,
  disabled,
  onOpen,
  onSignInAgain,
}: {
  /** The workspace open right now (when adding another), marked as such. */
  openId: string | null;
  disabled: boolean;
  onOpen: (workspaceId: string) => void;
  /** A workspace whose key the service refused: enter a new key for it. */
  onSignInAgain: (workspace: Workspace) => void;
}) {
  const { workspaces } = useAuth();
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        {t('connect.workspaces.heading')}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {workspaces.map((workspace) => (
          <WorkspaceItem
            key={workspace.id}
            workspace={workspace}
            name={workspaceNameOf(workspace)}
            isOpen={workspace.id === openId}
            disabled={disabled}
            onOpen={() => (workspace.keyRefused ? onSignInAgain(workspace) : onOpen(workspace.id))}
          />
        ))}
      </ul>
      <p className="mt-4 text-center text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {t('connect.workspaces.orAdd')}
      </p>
    </section>
  );
}

function WorkspaceItem({
  workspace,
  name,
  isOpen,
  disabled,
  onOpen,
}: {
  workspace: Workspace;
  name: string;
  isOpen: boolean;
  disabled: boolean;
  onOpen: () => void;
}) {
  const { rename, forget } = useAuth();
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(workspace.name ?? '');
  const ids = useId();

  function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename(workspace.id, draft);
    setRenaming(false);
  }

  return (
    <li className="p-2">
      {renaming ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={onRename}>
          <div className="min-w-0 flex-1">
            <label
              htmlFor={`${ids}-name`}
              className="block text-xs font-medium text-slate-700 dark:text-slate-200"
            >
              {t('connect.workspaces.newName', { name })}
            </label>
            <input
              id={`${ids}-name`}
              type="text"
              value={draft}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this one.
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setRenaming(false);
              }}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
            />
          </div>
          <Button type="submit" variant="primary">
            {t('connect.workspaces.save')}
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(false)}>
            {t('connect.workspaces.cancel')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-1">
          <button
            type="button"
            disabled={disabled}
            onClick={onOpen}
            aria-label={
              workspace.keyRefused
                ? t('connect.signInAgain.title', { name })
                : isOpen
                  ? t('connect.workspaces.openNowLabel', { name })
                  : t('connect.workspaces.open', { name })
            }
            aria-describedby={`${ids}-hint`}
            className="min-w-40 flex-1 rounded px-2 py-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:hover:bg-slate-800"
          >
            <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">
              <span translate={workspaceNameIsData(workspace) ? 'no' : undefined}>{name}</span>
              {isOpen && (
                <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">
                  {t('connect.workspaces.openNow')}
                </span>
              )}
            </span>
            <span
              id={`${ids}-hint`}
              className="block truncate text-xs text-slate-500 dark:text-slate-400"
            >
              {workspaceHintOf(workspace)} ·{' '}
              {workspace.remembered
                ? t('connect.workspaces.remembered')
                : t('connect.workspaces.thisTabOnly')}
            </span>
          </button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={t('connect.workspaces.renameLabel', { name })}
            onClick={() => {
              setDraft(workspace.name ?? '');
              setRenaming(true);
            }}
          >
            {t('connect.workspaces.rename')}
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={t('connect.workspaces.forgetLabel', { name })}
            onClick={() => forget(workspace.id, workspaceNameIsData(workspace) ? name : undefined)}
          >
            {t('connect.workspaces.forget')}
          </Button>
        </div>
      )}
    </li>
  );
}

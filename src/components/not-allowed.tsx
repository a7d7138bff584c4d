import { Link } from 'react-router';
import { paths } from '../config/paths';
import type { ApiError } from '../lib/api/errors';
import type { Scope } from '../lib/api/types';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import { useReadableScopes } from '../lib/auth/use-readable-scopes';
import { useT } from '../lib/i18n/i18n-react';
import { buttonClasses } from './button';

/** Where each read permission's data is; its name in words is the catalog's (a select on `what`). */
const READS: Record<Scope, { what: string; path: () => string }> = {
  'tables:read': { what: 'tables', path: paths.home },
  'skills:read': { what: 'skills', path: paths.skills },
  'tasks:read': { what: 'tasks', path: () => paths.tasks() },
  'pages:read': { what: 'pages', path: paths.pages },
  'projects:read': { what: 'projects', path: paths.projects },
};

function isScope(value: string | null): value is Scope {
  return value !== null && value in READS;
}

/**
 * A 403: the key lacks a permission. Said in plain words with the permission's name, and
 * never with Retry (the same key gets the same answer); instead, what this key can read
 * and a way to connect with another key.
 */
export function NotAllowed({ error, className = '' }: { error: ApiError; className?: string }) {
  const t = useT();
  const { scopes } = useReadableScopes();
  const authStore = useOptionalAuthStore();
  const scope = isScope(error.scope) ? error.scope : null;
  const what = scope === null ? null : READS[scope].what;
  const elsewhere = (scopes ?? []).filter((readable) => readable !== scope);
  const canAddKey = authStore !== null && authStore.persistence !== 'memory';

  return (
    <div
      role="alert"
      className={`rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-50 ${className}`}
    >
      <p className="font-semibold">{t('common.notAllowed.title', { what: what ?? 'other' })}</p>
      <p className="mt-1">
        {what === null || scope === null
          ? t('common.notAllowed.unknownExplanation')
          : t('common.notAllowed.explanation', { what, permission: scope })}
      </p>
      {(elsewhere.length > 0 || canAddKey) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {elsewhere.map((readable) => (
            <Link key={readable} to={READS[readable].path()} className={buttonClasses('secondary')}>
              {t('common.notAllowed.goTo', { what: READS[readable].what })}
            </Link>
          ))}
          {canAddKey && (
            <Link to={paths.addWorkspace()} className={buttonClasses('ghost')}>
              {t('common.notAllowed.anotherKey')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

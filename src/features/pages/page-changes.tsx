import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChangesBanner } from '../../components/changes-banner';
import { paths } from '../../config/paths';
import type { PageSummary } from '../../lib/api/types';
import { formatRelativeTime } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { formatSince } from '../../lib/visit-memory/format-since';
import { changedSince } from '../../lib/visit-memory/record-changes';
import { useScreenVisit } from '../../lib/visit-memory/visit-memory-context';
import { PAGES_SCREEN_KEY } from '../../lib/visit-memory/workspace-visit-memory';

/**
 * "N pages new or changed since …" above the page tree: the API has no sort for pages, so
 * the loaded pages (the tree reads them all) are compared by updated_at.
 */
export function PageChanges({
  pages,
  shownAt,
}: {
  pages: readonly PageSummary[];
  /** When the list's first page was fetched; null until it has shown. */
  shownAt: number | null;
}) {
  const t = useT();
  const visit = useScreenVisit(PAGES_SCREEN_KEY, shownAt);
  const [expanded, setExpanded] = useState(false);
  const since = visit.since;
  const changed = useMemo(() => (since === null ? [] : changedSince(pages, since)), [pages, since]);
  if (since === null || changed.length === 0) return null;
  return (
    <ChangesBanner
      summary={t('pages.changes.summary', { count: changed.length, ...formatSince(since) })}
      className="mt-4"
      expanded={expanded}
      onToggle={() => setExpanded((open) => !open)}
      onMarkSeen={() => {
        setExpanded(false);
        visit.markSeen();
      }}
    >
      <ol aria-label={t('pages.changes.listLabel')} className="space-y-1">
        {changed.map((page) => (
          <li key={page.id} className="flex flex-wrap items-center gap-x-2">
            <Link
              to={paths.page(page.id)}
              translate="no"
              className="min-w-0 truncate font-medium text-blue-800 underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center hover:text-blue-950 dark:text-blue-200 dark:hover:text-white"
            >
              {page.name}
            </Link>
            {page.updatedAt ? (
              <time
                translate="no"
                dateTime={page.updatedAt}
                className="text-xs text-slate-600 dark:text-slate-300"
              >
                {formatRelativeTime(Date.parse(page.updatedAt))}
              </time>
            ) : null}
          </li>
        ))}
      </ol>
    </ChangesBanner>
  );
}

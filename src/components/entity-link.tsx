import { Link } from 'react-router';
import { type EntityRef, pathOfEntity } from '../config/paths';
import { useAppLinks } from './app-links';

const LINK =
  'truncate text-blue-700 underline decoration-blue-700/40 hover:decoration-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:decoration-blue-300/40';

/**
 * A link to a table, record, skill, task, page or project, shown by its label. When the
 * target can't be shown (`unavailable`: not an id, deleted, not readable with this key),
 * the text stays plain, the reason is on hover and read out after it: never a dead link.
 * Labels are data: rendered as text, never markup, and left alone by page translation.
 */
export function EntityLink({
  to,
  label,
  loading = false,
  unavailable = null,
  className = '',
}: {
  to: EntityRef | null;
  label: string;
  /** The label is a stand-in (a short id) until the real one arrives. */
  loading?: boolean;
  /** Why there is no link; the label is then the raw value. */
  unavailable?: string | null;
  className?: string;
}) {
  const links = useAppLinks();
  if (to === null || unavailable !== null) {
    return (
      <span
        dir="auto"
        title={unavailable ?? undefined}
        className={`truncate text-slate-600 dark:text-slate-300 ${className}`}
      >
        <span translate="no">{label}</span>
        {unavailable ? <span className="sr-only"> ({unavailable})</span> : null}
      </span>
    );
  }
  const path = pathOfEntity(to);
  const linkClass = `${LINK} ${loading ? 'font-mono text-xs' : ''} ${className}`;
  if (links !== null) {
    return (
      <a
        href={links.hrefOf(path)}
        dir="auto"
        translate="no"
        aria-busy={loading || undefined}
        className={linkClass}
        onClick={(event) => {
          // Inside a grid row, following the link must not also open the row.
          event.stopPropagation();
          links.follow(path, event);
        }}
      >
        {label}
      </a>
    );
  }
  return (
    <Link
      to={path}
      dir="auto"
      translate="no"
      aria-busy={loading || undefined}
      className={linkClass}
      // Inside a grid row, following the link must not also open the row.
      onClick={(event) => event.stopPropagation()}
    >
      {label}
    </Link>
  );
}

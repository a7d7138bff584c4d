import { PersonName } from '../../components/person-name';
import { useT } from '../../lib/i18n/i18n-react';
import type { Assignee } from './task-labels';

/**
 * The assignee's name from the workspace's people directory (or this device's), else
 * "Unnamed user c222…" with Who is this?; "Unassigned" without one.
 */
export function AssigneeName({ assignee }: { assignee: Assignee | null }) {
  const t = useT();
  if (assignee === null) return <>{t('tasks.unassigned')}</>;
  return <PersonName person={assignee} />;
}

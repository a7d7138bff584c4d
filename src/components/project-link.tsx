import { useProjectLabel } from '../lib/use-project-label';
import { EntityLink } from './entity-link';

/**
 * A `project_id` shown as the project's name, linking to the project. `knownName`: the
 * name when the caller already has it (shown at once, before the lookup answers).
 */
export function ProjectLink({
  projectId,
  knownName = null,
  className = '',
}: {
  projectId: string;
  knownName?: string | null;
  /** E.g. a touch target's size where the link stands alone. */
  className?: string;
}) {
  const label = useProjectLabel(projectId);
  const loading = label.status === 'loading';
  return (
    <EntityLink
      to={{ kind: 'project', id: projectId }}
      label={loading && knownName ? knownName : label.text}
      loading={loading && !knownName}
      unavailable={label.status === 'unavailable' ? label.reason : null}
      className={className}
    />
  );
}

import { useProjectLabel } from '../lib/use-project-label';
import { EntityLink } from './entity-link';

/** A `project_id` shown as the project's name, linking to the project. */
export function ProjectLink({ projectId }: { projectId: string }) {
  const label = useProjectLabel(projectId);
  return (
    <EntityLink
      to={{ kind: 'project', id: projectId }}
      label={label.text}
      loading={label.status === 'loading'}
      unavailable={label.status === 'unavailable' ? label.reason : null}
    />
  );
}

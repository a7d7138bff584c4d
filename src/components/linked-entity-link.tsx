import { entityRefOf } from '../config/paths';
import type { LinkedEntity } from '../lib/api/types';
import { useT } from '../lib/i18n/i18n-react';
import { shortIdOf } from '../lib/record-label';
import { EntityLink } from './entity-link';
import { ProjectLink } from './project-link';

/**
 * One of a skill's `linked_entities`, linking to whatever it names: a table, skill, task,
 * page or project (a project without a label is named from the projects list). A type this
 * dashboard has no screen for stays text, saying so on hover.
 */
export function LinkedEntityLink({ entity }: { entity: LinkedEntity }) {
  const t = useT();
  const to = entityRefOf(entity.type, entity.id);
  if (to?.kind === 'project' && !entity.label) return <ProjectLink projectId={entity.id} />;
  const label = entity.label || shortIdOf(entity.id);
  return (
    <EntityLink
      to={to}
      label={label}
      unavailable={to === null ? t('common.link.noPageForType', { type: entity.type }) : null}
    />
  );
}

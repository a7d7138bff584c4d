import type { ProjectSummary } from '../../lib/api/types';
import { hexColorOrNull } from '../../lib/safe-values';

/** The project's colour as a swatch (hex colours only) and its icon. */
export function ProjectBadge({ project }: { project: ProjectSummary }) {
  const color = hexColorOrNull(project.color);
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block size-3 rounded-full border border-slate-300 dark:border-slate-600"
        style={color ? { backgroundColor: color } : undefined}
      />
      {project.icon && <span aria-hidden="true">{project.icon}</span>}
    </span>
  );
}

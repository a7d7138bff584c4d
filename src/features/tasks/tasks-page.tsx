import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { personLabel } from '../../components/person-name';
import { useApiClient } from '../../lib/api/api-client-context';
import { TASK_STATUSES } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';
import { usePeopleDirectory } from '../../lib/people/people-context';
import { shortId } from '../../lib/safe-values';
import { TaskBoard } from './task-board';
import { TaskCalendar } from './task-calendar';
import { TaskChanges } from './task-changes';
import { statusLabel } from './task-labels';
import { TaskList } from './task-list';
import { useKnownAssignees, useProjects } from './use-task-options';
import { type TasksView, useTasksUrlState } from './use-tasks-url-state';

const SELECT =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white';

function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
  optionsAreData = false,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  allLabel: string;
  /** `data`: this option's label is workspace data (a person's name), not a message. */
  options: { value: string; label: string; data?: boolean }[];
  /** The options' labels are workspace data (project names), not messages. */
  optionsAreData?: boolean;
}) {
  const id = useId();
  // The URL may name a value no loaded item has (a shared link): keep it selectable.
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: shortId(value) }]
      : options;
  return (
    <div className="w-full sm:w-48">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className={SELECT}
      >
        <option value="">{allLabel}</option>
        {all.map((option) => (
          <option
            key={option.value}
            value={option.value}
            // A value only the URL names is shown as sent: data, like the names.
            translate={
              optionsAreData || option.data || !options.includes(option) ? 'no' : undefined
            }
          >
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const VIEWS: { view: TasksView; label: MessageKey }[] = [
  { view: 'board', label: 'tasks.view.board' },
  { view: 'list', label: 'tasks.view.list' },
  { view: 'calendar', label: 'tasks.view.calendar' },
];

/** `/tasks`: a board by status, a list or a calendar by due date, filtered by status, project and assignee. */
export function TasksPage() {
  const t = useT();
  const client = useApiClient();
  const { view, filters, setView, setFilter } = useTasksUrlState();
  const { projects, nameOf } = useProjects(client);
  const people = usePeopleDirectory();
  const assignees = useKnownAssignees();
  const filterCount = [filters.status, filters.projectId, filters.assignee].filter(Boolean).length;
  const filtered = filterCount > 0;
  /** On a phone the filters fold behind one button (they took 40% of the screen). */
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-end justify-between gap-3 p-4 sm:px-6">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('tasks.title')}</h1>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('tasks.view.legend')}</legend>
          {VIEWS.map((option) => (
            <Button
              key={option.view}
              variant={view === option.view ? 'primary' : 'secondary'}
              aria-pressed={view === option.view}
              onClick={() => setView(option.view)}
            >
              {t(option.label)}
            </Button>
          ))}
        </fieldset>
      </div>
      <div className="px-4 pb-3 sm:hidden">
        <Button
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('tasks.filter.toggle', { count: filterCount })}
          <span aria-hidden="true">{filtersOpen ? '▴' : '▾'}</span>
        </Button>
      </div>
      <fieldset
        id={filtersId}
        className={`${filtersOpen ? 'flex' : 'hidden'} flex-wrap items-end gap-3 px-4 pb-4 sm:flex sm:px-6`}
      >
        <legend className="sr-only">{t('tasks.filter.legend')}</legend>
        <FilterSelect
          label={t('tasks.field.status')}
          value={filters.status ?? null}
          onChange={(status) => setFilter({ status })}
          allLabel={t('tasks.filter.anyStatus')}
          options={TASK_STATUSES.map((status) => ({
            value: status,
            label: statusLabel(t, status),
          }))}
        />
        <FilterSelect
          label={t('tasks.field.project')}
          value={filters.projectId ?? null}
          onChange={(projectId) => setFilter({ project_id: projectId })}
          allLabel={t('tasks.filter.anyProject')}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
          optionsAreData
        />
        <FilterSelect
          label={t('tasks.field.assignee')}
          value={filters.assignee ?? null}
          onChange={(assignee) => setFilter({ assignee })}
          allLabel={t('tasks.filter.anyone')}
          options={assignees.map((assignee) => ({
            value: assignee.id,
            label: personLabel(t, people, assignee),
            data: people.nameOf(assignee.id) !== null,
          }))}
        />
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => setFilter({ status: null, project_id: null, assignee: null })}
          >
            {t('tasks.filter.clear')}
          </Button>
        )}
      </fieldset>
      <TaskChanges />
      {view === 'board' ? (
        <TaskBoard filters={filters} projectNameOf={nameOf} />
      ) : view === 'calendar' ? (
        <TaskCalendar filters={filters} />
      ) : (
        <TaskList filters={filters} projectNameOf={nameOf} />
      )}
    </div>
  );
}

export default TasksPage;

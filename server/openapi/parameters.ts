import type { ColumnDefinition, ColumnType } from '../db/column-types';
import { CURSOR_PATTERN, MAX_CURSOR_CHARS } from '../db/cursor';
import { TASK_STATUSES } from '../db/resources';
import { filterValueSchema, UUID_PARAMETER_SCHEMA } from '../routes/filter-values';
import type { Parameter } from './openapi-types';
import type { JsonSchema } from './schemas';

/** The query and path parameters of the documents (§4), as the routes read them. */

export function limitParameter(rule: { defaultLimit: number; maxLimit: number }): Parameter {
  return {
    name: 'limit',
    in: 'query',
    description: `Items per page: a whole number from 1, in digits (\`+5\`, \`05\`, \`5.0\` or \` 5\` is a 400); above ${rule.maxLimit} it is capped at ${rule.maxLimit}. Default ${rule.defaultLimit}.`,
    schema: { type: 'integer', minimum: 1, default: rule.defaultLimit },
  };
}

export const CURSOR: Parameter = {
  name: 'cursor',
  in: 'query',
  description:
    'The `next_cursor` of the previous page of the same list, with the same sort, filters and view. Cursors do not expire; any other value is a 400 `invalid_cursor`, whether it has their form or not.',
  schema: { type: 'string', pattern: CURSOR_PATTERN, maxLength: MAX_CURSOR_CHARS },
};

export const SORT_DESCRIPTION =
  '`<column>:asc` or `<column>:desc`, the direction in lower case (`<column>` alone is ascending): any column, `created_at` or `updated_at`. Nulls sort last both ways; ties are broken by record id. Default `created_at:asc`.';

export const FILTER_DESCRIPTION =
  "`filter[<column>]=<value>`: equality, read by the column's type (NUMBER and SERIAL a number as JSON writes it, BOOLEAN `true` or `false`, DATETIME an RFC 3339 instant with seconds or a whole UTC day `2026-03-01`, REFERENCE a record id, MULTISELECT and multi-REFERENCE contain the value, text exactly). Several filters all apply. An empty value matches null and empty cells. FILE, FORMULA and AI columns cannot be filtered.";

export const VIEW_DESCRIPTION =
  "The id of one of the table's saved views (`views` of the table): applies its sort and filters. An explicit `sort`, or `filter[<column>]` for a column, replaces the view's. A view of another table: 400 `unknown_view`.";

/** Ids are UUIDs in any case, in a path as in a filter (decision 055). */
export function pathParameter(name: string, description: string): Parameter {
  return { name, in: 'path', required: true, description, schema: UUID_PARAMETER_SCHEMA };
}

export const TABLE_ID = pathParameter('tableId', 'The table id (`id` in the table list).');

const TASK_FILTER_RULES = 'Empty: as if left out. Sent twice: a 400 (`duplicate_filter`).';
const TASK_ID_RULES =
  "A UUID, in any case as in a path (anything else is a 400, `invalid_filter`); one that names nothing in the key's workspace matches no task: an empty list, not an error.";

/** `status`, `project_id` and `assignee` of the tasks list (decision 031). */
export const TASK_FILTERS: Parameter[] = [
  {
    name: 'status',
    in: 'query',
    description: `Only tasks with this status. ${TASK_FILTER_RULES} Another value is a 400 (\`invalid_filter\`).`,
    schema: { enum: TASK_STATUSES },
    allowEmptyValue: true,
  },
  {
    name: 'project_id',
    in: 'query',
    description: `Only tasks of this project. ${TASK_FILTER_RULES} ${TASK_ID_RULES}`,
    schema: UUID_PARAMETER_SCHEMA,
    allowEmptyValue: true,
  },
  {
    name: 'assignee',
    in: 'query',
    description: `Only tasks assigned to this user or bot (either assignee field). ${TASK_FILTER_RULES} ${TASK_ID_RULES}`,
    schema: UUID_PARAMETER_SCHEMA,
    allowEmptyValue: true,
  },
];

const FILTER_VALUE_OF: Partial<Record<ColumnType, string>> = {
  NUMBER: "equals this number, as JSON writes it (`42`, `9.5`, `-1e3`), within a double's range",
  SERIAL: 'equals this whole number, in digits (`42`)',
  BOOLEAN: 'is `true` or `false` (lower case)',
  DATETIME:
    'is this instant (RFC 3339 with seconds: `2026-03-01T09:30:00Z`), or falls on this UTC day (`2026-03-01`)',
  SELECT: 'is this text (usually one of its options; a cell may hold one no longer listed)',
  MULTISELECT:
    'contains this option (usually one of its options; a cell may hold one no longer listed)',
  REFERENCE: 'is, or lists, this record id (a UUID, in any case)',
};

/** `view`: a UUID, with the table's saved views as examples (any other id is a 400). */
export function viewSchemaOf(views: readonly { id: string; name: string }[]): JsonSchema {
  if (views.length === 0) return UUID_PARAMETER_SCHEMA;
  return {
    ...UUID_PARAMETER_SCHEMA,
    description: `One of: ${views.map((view) => `${view.id} (${view.name})`).join(', ')}.`,
    examples: views.map((view) => view.id),
  };
}

/** A table's `filter[<column>]`, typed by its column (decision 055). */
export function columnFilterParameter(
  column: Pick<ColumnDefinition, 'name' | 'type' | 'settings'>,
): Parameter {
  return {
    name: `filter[${column.name}]`,
    in: 'query',
    description: `Records whose \`${column.name}\` (${column.type}) ${FILTER_VALUE_OF[column.type] ?? 'equals this value'}. An empty value matches empty cells. Sent twice: a 400 (\`duplicate_filter\`); a value its schema does not allow: a 400 (\`invalid_filter\`).`,
    schema: filterValueSchema(column),
    allowEmptyValue: true,
  };
}

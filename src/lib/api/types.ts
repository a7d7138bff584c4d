/**
 * The dashboard's normalized view of a Workspace Data Service. Everything outside
 * src/lib/api/ sees only these shapes: the client turns every tolerated wire shape
 * (CONTRACT §10) into them at the boundary.
 */

export const COLUMN_TYPES = [
  'TEXT',
  'LONGTEXT',
  'EMAIL',
  'PHONE',
  'URL',
  'NUMBER',
  'BOOLEAN',
  'DATETIME',
  'SELECT',
  'MULTISELECT',
  'REFERENCE',
  'FILE',
  'FORMULA',
  'AI',
  'SERIAL',
] as const;

/** `UNKNOWN` is what inference yields when loaded values give no clue (all null). */
export type ColumnType = (typeof COLUMN_TYPES)[number] | 'UNKNOWN';

export interface Column {
  id: string;
  name: string;
  description: string | null;
  type: ColumnType;
  /** As the service sent it; SELECT/MULTISELECT options may be listed here. */
  settings: Record<string, unknown> | null;
  orderIndex: number;
  required: boolean;
  isPrimary: boolean;
  /** True when the service did not describe the column and it was inferred from records. */
  inferred: boolean;
}

export interface TableSummary {
  id: string;
  aliasId: string | null;
  name: string;
  description: string | null;
  projectId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface TableDetail extends TableSummary {
  /** Null when the service has no `GET /tables/{id}` or sends no columns: infer from records. */
  columns: Column[] | null;
  /** Saved views, in the service's order; empty when it sends none. */
  views: TableView[];
}

/** A table's saved view. Settings name columns that may no longer exist: readers skip those. */
export interface TableView {
  id: string;
  name: string;
  isDefault: boolean;
  /** Visible column names, in order; empty means "as the table has them". */
  columns: string[];
  /** Column name → width in pixels. */
  widths: Record<string, number>;
  sort: RecordSort | null;
  /** Column name → filter value, as `filter[<column>]=<value>` would carry it. */
  filters: Record<string, string>;
  /**
   * What a view of one's own finds (decision 057); the service's views have none. The
   * dashboard's own: never sent.
   */
  find?: string;
}

export interface RecordRow {
  id: string;
  /** Column name → value, exactly as the service sent it (never markup). */
  fields: Record<string, unknown>;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface LinkedEntity {
  type: string;
  id: string;
  label: string | null;
}

export interface SkillSummary {
  id: string;
  aliasId: string | null;
  name: string;
  description: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface SkillDetail extends SkillSummary {
  contentText: string | null;
  linkedEntities: LinkedEntity[] | null;
  /** The object as received, for the raw JSON view. */
  raw: unknown;
}

/** The statuses a task can have (CONTRACT §3), in board order. */
export const TASK_STATUSES = [
  'backlog',
  'todo',
  'in_progress',
  'in_review',
  'done',
  'cancelled',
] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskSummary {
  id: string;
  name: string;
  /** As sent; one of TASK_STATUSES from a service that follows the contract. */
  status: string;
  priority: string | null;
  projectId: string | null;
  assigneeUserId: string | null;
  assigneeBotId: string | null;
  dueAt: string | null;
  eventAt: string | null;
  updatedAt: string | null;
}

export interface TaskDetail extends TaskSummary {
  bodyMd: string | null;
  outputMd: string | null;
  decision: string | null;
  decisionReason: string | null;
  tags: string[];
  startAt: string | null;
  createdAt: string | null;
  completedAt: string | null;
}

/** The service's task filters (`status`, `project_id`, `assignee`); null or absent: no filter. */
export interface TaskFilters {
  status?: string | null;
  projectId?: string | null;
  /** A user or bot id: matches either assignee. */
  assignee?: string | null;
}

/** A workspace page (a document), not a page of a list. */
export interface PageSummary {
  id: string;
  aliasId: string | null;
  name: string;
  icon: string | null;
  projectId: string | null;
  parentPageId: string | null;
  isPublic: boolean;
  updatedAt: string | null;
}

export interface PageDetail extends PageSummary {
  description: string | null;
  contentText: string | null;
  /** As sent: the UI shows it only when it is an http(s) URL. */
  coverImageUrl: string | null;
  createdAt: string | null;
}

export interface ProjectSummary {
  id: string;
  aliasId: string | null;
  name: string;
  description: string | null;
  icon: string | null;
  /** As sent: the UI uses it only when it is a hex colour. */
  color: string | null;
  leadId: string | null;
  status: string | null;
  isPrivate: boolean;
  startDate: string | null;
  endDate: string | null;
  targetDate: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface Page<T> {
  items: T[];
  /** Null at the end of the list (absent and "" are normalized to null). */
  nextCursor: string | null;
}

export type SortDirection = 'asc' | 'desc';

export interface RecordSort {
  column: string;
  direction: SortDirection;
}

/** The view of a table: what goes into `view=`, `sort=` and `filter[<col>]=`. */
export interface RecordQuery {
  /** A saved view's id: the service applies its sort and filters under the explicit ones. */
  view?: string | null;
  sort: RecordSort | null;
  /** Column name → raw filter value; insertion order is the order sent. */
  filters: Record<string, string>;
  /**
   * Text a table's find looked for in the view (decision 057): the dashboard's own, never
   * sent; it keeps the totals of a find's matches apart from the whole view's.
   */
  find?: string;
  /**
   * Text the service is asked to search for itself, with the records list's text-search
   * parameter its OpenAPI document advertises (decision 057): sent as `<parameter>=<text>`.
   */
  textSearch?: { parameter: string; text: string };
}

export interface PageRequest {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
  /**
   * Records lists only: called when the client holds the request because the service's
   * rate-limit headers said the allowance is spent (Export and Count tell the user why).
   */
  onPacingWait?: (delayMs: number) => void;
}

export interface Connection {
  /** Base URL of the service, without a trailing slash; '' means the page's own origin. */
  serviceUrl: string;
  apiKey: string;
  /** '/v1' or '/api/public/v1' when known (runtime config); otherwise the client finds out. */
  skillsPath?: SkillsPath | null;
}

export type SkillsPath = '/v1' | '/api/public/v1';

/** Which calls need which scope (CONTRACT §1); used to word 403s. */
export type Scope = 'tables:read' | 'skills:read' | 'tasks:read' | 'pages:read' | 'projects:read';

/** Every read scope, in the order the dashboard offers them (the home route opens the first readable). */
export const READ_SCOPES: readonly Scope[] = [
  'tables:read',
  'skills:read',
  'tasks:read',
  'pages:read',
  'projects:read',
];

export interface ApiClient {
  listTables(request?: PageRequest): Promise<Page<TableSummary>>;
  /** Resolves with `columns: null` when the service has no such endpoint; rejects 404 for a missing table. */
  getTable(tableId: string, request?: { signal?: AbortSignal }): Promise<TableDetail>;
  listRecords(tableId: string, query: RecordQuery, request?: PageRequest): Promise<Page<RecordRow>>;
  /** One record; rejects 404 when the table has no such record (deleted, or another table's). */
  getRecord(
    tableId: string,
    recordId: string,
    request?: { signal?: AbortSignal },
  ): Promise<RecordRow>;
  listSkills(request?: PageRequest): Promise<Page<SkillSummary>>;
  getSkill(skillId: string, request?: { signal?: AbortSignal }): Promise<SkillDetail>;
  /**
   * Whether this key may read what `scope` covers, asked with the smallest list request:
   * false for a 403 or a service without that list; rejects for anything else (401, unreachable).
   */
  canRead(scope: Scope, request?: { signal?: AbortSignal }): Promise<boolean>;
  listTasks(filters: TaskFilters, request?: PageRequest): Promise<Page<TaskSummary>>;
  getTask(taskId: string, request?: { signal?: AbortSignal }): Promise<TaskDetail>;
  listPages(request?: PageRequest): Promise<Page<PageSummary>>;
  getPage(pageId: string, request?: { signal?: AbortSignal }): Promise<PageDetail>;
  listProjects(request?: PageRequest): Promise<Page<ProjectSummary>>;
  getProject(projectId: string, request?: { signal?: AbortSignal }): Promise<ProjectSummary>;
  /** The service's OpenAPI document, as JSON (unchecked: the caller reads what it needs). */
  getServiceDocument(request?: { signal?: AbortSignal }): Promise<unknown>;
}

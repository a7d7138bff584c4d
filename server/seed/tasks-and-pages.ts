import { stableUuid } from '../db/ids';
import type { WorkspaceDb } from '../db/workspace-db';
import { BOT_IDS, HOSTILE_TASK_ID, PAGE_IDS, PROJECT_IDS, USER_IDS, WORKSPACES } from './demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from './demo-time';
import { Prng } from './prng';
import {
  HOSTILE_MARKDOWN,
  pageMarkdown,
  taskBodyMarkdown,
  taskOutputMarkdown,
} from './resource-content';
import { aliasOf, sentence } from './seed-helpers';

/** Tasks (every status, priority and assignee kind) and the pages' tree with its odd pages. */

const TASK_STATUSES = ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled'] as const;

const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** Tasks cycling through every status, priority, project and assignee kind. */
const CYCLED_TASK_COUNT = 80;

/** Extra backlog tasks, so one board column and one status filter span several pages. */
export const BACKLOG_TRIAGE_COUNT = 120;

export const ACME_TASK_COUNT = CYCLED_TASK_COUNT + BACKLOG_TRIAGE_COUNT + 1;

/** Pages of the generated tree, then the four odd ones (two orphans, a two-page cycle). */
const TREE_PAGE_COUNT = 30;

export const ACME_PAGE_COUNT = TREE_PAGE_COUNT + 5;

/**
 * Parent of tree page i (i > 0): every fourth page hangs under the Handbook, the page after
 * it under that one, and the page after that one level deeper still (four levels in all);
 * the rest are roots.
 */
export function treeParentOf(i: number): number | null {
  if (i === 0) return null;
  if (i % 4 === 0) return 0;
  if (i % 4 === 1 && i >= 5) return i - 1;
  if (i % 4 === 2 && i >= 6) return i - 1;
  return null;
}

export function seedTasksAndPages(db: WorkspaceDb): void {
  const prng = new Prng(707);
  const insertTask = db.sqlite.prepare(
    `INSERT INTO tasks (id, workspace_id, name, status, priority, project_id, assignee_user_id,
       assignee_bot_id, due_at, event_at, body_md, output_md, decision, decision_reason, tags,
       start_at, created_at, updated_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  interface TaskSeed {
    id: string;
    workspace: 'acme' | 'globex';
    /** Minutes after the first task's created_at: the list order. */
    slot: number;
    name: string;
    status: (typeof TASK_STATUSES)[number];
    priority: (typeof PRIORITIES)[number];
    project: string | null;
    assignee: 'user' | 'bot' | null;
    prng: Prng;
  }
  const addTask = (task: TaskSeed) => {
    const { prng: random, status } = task;
    const created = BASE_MS + 30 * MINUTE + task.slot * 11 * MINUTE;
    const users = task.workspace === 'acme' ? USER_IDS : [stableUuid('user:globex:1')];
    const bots = task.workspace === 'acme' ? BOT_IDS : [stableUuid('bot:globex:1')];
    const started = status !== 'backlog' && status !== 'todo';
    const finished = status === 'in_review' || status === 'done';
    // Decisions are made on work that was reviewed: approved when done, declined when
    // cancelled, sometimes pending (null) while in review.
    const decision =
      status === 'done'
        ? 'approved'
        : status === 'cancelled'
          ? 'rejected'
          : status === 'in_review' && random.chance(0.5)
            ? 'changes_requested'
            : null;
    insertTask.run(
      task.id,
      WORKSPACES[task.workspace].id,
      task.name,
      status,
      task.priority,
      task.project,
      task.assignee === 'user' ? random.pick(users) : null,
      task.assignee === 'bot' ? random.pick(bots) : null,
      random.chance(0.6) ? iso(BASE_MS + random.int(1, 60) * DAY) : null,
      random.chance(0.2) ? iso(BASE_MS + random.int(1, 60) * DAY + 14 * 60 * MINUTE) : null,
      taskBodyMarkdown(task.name, random),
      finished ? taskOutputMarkdown(task.name, random) : null,
      decision,
      decision === null
        ? null
        : random.pick([
            'Matches what the customer asked for.',
            'Numbers checked against the ledger.',
            'Out of scope for this quarter.',
            'Needs a second look at the totals.',
          ]),
      JSON.stringify(random.subset(['urgent', 'customer', 'internal', 'bug'], 0.3)),
      started ? iso(created + 6 * 60 * MINUTE) : null,
      iso(created),
      iso(created + DAY),
      status === 'done' ? iso(created + 2 * DAY) : null,
    );
  };
  const taskName = (i: number) =>
    `${prng.pick(['Call', 'Email', 'Fix', 'Write', 'Check', 'Plan'])} ${prng.pick(['invoice', 'checkout bug', 'supplier', 'landing page', 'refund', 'report'])} #${i + 1}`;
  const acmeProjects = [
    PROJECT_IDS.acmeWebsite,
    PROJECT_IDS.acmeSupport,
    PROJECT_IDS.acmeWarehouse,
    null,
  ];
  const assignees = ['user', 'bot', null] as const;
  for (let i = 0; i < CYCLED_TASK_COUNT; i++) {
    addTask({
      id: stableUuid(`task:acme:${i}`),
      workspace: 'acme',
      slot: i,
      name: taskName(i),
      status: TASK_STATUSES[i % TASK_STATUSES.length] ?? 'todo',
      priority: PRIORITIES[i % PRIORITIES.length] ?? 'low',
      project: acmeProjects[i % acmeProjects.length] ?? null,
      assignee: assignees[i % assignees.length] ?? null,
      prng,
    });
  }
  addTask({
    id: HOSTILE_TASK_ID,
    workspace: 'acme',
    slot: CYCLED_TASK_COUNT,
    name: 'Review <img src=x onerror=alert(1)> widget',
    status: 'in_review',
    priority: 'urgent',
    project: PROJECT_IDS.acmeWebsite,
    assignee: 'bot',
    prng,
  });
  db.sqlite
    .prepare('UPDATE tasks SET body_md = ?, output_md = ?, decision_reason = ? WHERE id = ?')
    .run(HOSTILE_MARKDOWN, HOSTILE_MARKDOWN, '<script>alert("reason")</script>', HOSTILE_TASK_ID);
  // Its own stream: the triage tasks never shift the cycled ones.
  const triage = new Prng(708);
  for (let j = 0; j < BACKLOG_TRIAGE_COUNT; j++) {
    addTask({
      id: stableUuid(`task:acme:triage:${j}`),
      workspace: 'acme',
      slot: CYCLED_TASK_COUNT + 1 + j,
      name: `Triage inbox item ${j + 1}`,
      status: 'backlog',
      priority: PRIORITIES[j % PRIORITIES.length] ?? 'low',
      project: j % 2 === 0 ? PROJECT_IDS.acmeSupport : null,
      assignee: j % 3 === 0 ? 'bot' : j % 3 === 1 ? 'user' : null,
      prng: triage,
    });
  }
  for (let i = 0; i < 10; i++) {
    addTask({
      id: stableUuid(`task:globex:${i}`),
      workspace: 'globex',
      slot: i,
      name: taskName(i),
      status: TASK_STATUSES[i % TASK_STATUSES.length] ?? 'todo',
      priority: PRIORITIES[i % PRIORITIES.length] ?? 'low',
      project: PROJECT_IDS.globexLogistics,
      assignee: assignees[i % assignees.length] ?? null,
      prng,
    });
  }

  const insertPage = db.sqlite.prepare(
    `INSERT INTO pages (id, alias_id, workspace_id, name, icon, project_id, parent_page_id, is_public,
       description, content_text, cover_image_url, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  interface PageSeed {
    id: string;
    workspace: 'acme' | 'globex';
    slot: number;
    name: string;
    project: string | null;
    parent: string | null;
    isPublic: boolean;
    cover: string | null;
    content?: string;
  }
  const addPage = (page: PageSeed) => {
    const created = BASE_MS + 40 * MINUTE + page.slot * 13 * MINUTE;
    insertPage.run(
      page.id,
      aliasOf(page.id),
      WORKSPACES[page.workspace].id,
      page.name,
      prng.pick(['📘', '📦', '🧾', null]),
      page.project,
      page.parent,
      page.isPublic ? 1 : 0,
      prng.chance(0.7) ? sentence(prng, 8) : null,
      page.content ?? pageMarkdown(page.name, prng),
      page.cover,
      iso(created),
      iso(created + prng.int(0, 10) * DAY),
    );
  };
  const pageProjects = [PROJECT_IDS.acmeSupport, PROJECT_IDS.acmeWebsite, PROJECT_IDS.acmeQ4, null];
  const pageName = (i: number) =>
    i === 0
      ? 'Handbook'
      : `${prng.pick(['How we', 'Why we', 'When to'])} ${prng.pick(['ship', 'refund', 'hire', 'write', 'plan'])} (${i})`;
  const coverOf = (i: number) =>
    i % 3 === 0 ? `https://picsum.photos/seed/acme-page-${i}/1200/300` : null;
  for (let i = 0; i < TREE_PAGE_COUNT; i++) {
    const parent = treeParentOf(i);
    addPage({
      id: stableUuid(`page:acme:${i}`),
      workspace: 'acme',
      slot: i,
      name: pageName(i),
      project: pageProjects[i % pageProjects.length] ?? null,
      parent: parent === null ? null : stableUuid(`page:acme:${parent}`),
      isPublic: i % 5 === 0,
      cover: coverOf(i),
    });
  }
  const odd: PageSeed[] = [
    {
      id: PAGE_IDS.orphan,
      name: 'Orphaned notes',
      parent: stableUuid('page:acme:deleted'),
      cover: 'http://example.com/covers/orphan.png',
    },
    {
      id: PAGE_IDS.foreignParent,
      name: 'Borrowed from Globex',
      parent: stableUuid('page:globex:0'),
      cover: 'data:image/png;base64,iVBORw0KGgo=',
    },
    { id: PAGE_IDS.cycleA, name: 'Loop A', parent: PAGE_IDS.cycleB, cover: null },
    { id: PAGE_IDS.cycleB, name: 'Loop B', parent: PAGE_IDS.cycleA, cover: null },
    {
      id: PAGE_IDS.hostile,
      name: 'Hostile page <script>alert(1)</script>',
      parent: PAGE_IDS.handbook,
      cover: 'javascript:alert(1)',
      content: HOSTILE_MARKDOWN,
    },
  ].map((page, k) => ({
    ...page,
    workspace: 'acme',
    slot: TREE_PAGE_COUNT + k,
    project: null,
    isPublic: false,
  }));
  for (const page of odd) addPage(page);
  for (let i = 0; i < 5; i++) {
    addPage({
      id: stableUuid(`page:globex:${i}`),
      workspace: 'globex',
      slot: i,
      name: i === 0 ? 'Handbook' : `Globex page (${i})`,
      project: i % 2 === 0 ? PROJECT_IDS.globexLogistics : null,
      parent: i > 0 ? stableUuid('page:globex:0') : null,
      isPublic: i % 5 === 0,
      cover: null,
    });
  }
}

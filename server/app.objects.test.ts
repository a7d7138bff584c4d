import { describe, expect, it } from 'vitest';
import { HOSTILE_SKILL_ID, PROJECT_IDS, TABLE_IDS, USER_IDS } from './seed/demo-seed';
import { allItems, ISO_TIME, detailOf as readDetail, UUID_TEXT, V1 } from './testing/api-reading';
import { fileTestServer } from './testing/file-test-server';

const server = fileTestServer();
const all = (path: string, array: string, key?: string) => allItems(server, path, array, key);
const detailOf = (path: string) => readDetail(server, path);

/** Tables, records, skills and projects as objects (CONTRACT §3). */

describe('§3 objects: tables, records, skills, projects', () => {
  const ISO = ISO_TIME;
  const UUID = UUID_TEXT;

  it('table list items and the table detail with columns', async () => {
    const list = (await (await server.get(`${V1}/tables`)).json()) as {
      tables: Record<string, unknown>[];
    };
    for (const table of list.tables) {
      expect(Object.keys(table).sort()).toEqual(
        ['id', 'alias_id', 'name', 'description', 'project_id', 'created_at', 'updated_at'].sort(),
      );
      expect(table.id).toMatch(UUID);
      expect(table.created_at).toMatch(ISO);
    }
    const detail = (await (await server.get(`${V1}/tables/${TABLE_IDS.kitchenSink}`)).json()) as {
      columns: Record<string, unknown>[];
    };
    const types = detail.columns.map((c) => c.type);
    for (const type of [
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
    ]) {
      expect(types).toContain(type);
    }
    const choice = detail.columns.find((c) => c.name === 'Choice');
    expect(choice).toMatchObject({
      type: 'SELECT',
      settings: { options: ['Red', 'Green', 'Blue', '<b>bold</b>'] },
    });
    expect(Object.keys(choice ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'type',
        'settings',
        'order_index',
        'required',
        'default_value',
        'is_primary',
      ].sort(),
    );
  });

  it('records carry id, fields by column name, created_at, updated_at; values keep their JSON types', async () => {
    const body = (await (
      await server.get(`${V1}/tables/${TABLE_IDS.kitchenSink}/records?limit=1`)
    ).json()) as {
      records: {
        id: string;
        fields: Record<string, unknown>;
        created_at: string;
        updated_at: string;
      }[];
    };
    const record = body.records[0];
    expect(record).toBeDefined();
    expect(Object.keys(record ?? {}).sort()).toEqual(['created_at', 'fields', 'id', 'updated_at']);
    expect(record?.fields).toMatchObject({
      Title: 'Plain row',
      Number: 42,
      Done: true,
      Choices: ['Alpha', 'Beta'],
      'Row no': 1,
    });
    expect(record?.fields.Attachments).toEqual([
      {
        name: 'report.pdf',
        size: 1234,
        mime_type: 'application/pdf',
        url: 'https://files.example.com/acme/report.pdf',
      },
    ]);
  });

  it('skill list item vs detail (content_text, linked_entities)', async () => {
    const list = (await (await server.get('/v1/skills?limit=1')).json()) as {
      skills: Record<string, unknown>[];
    };
    expect(Object.keys(list.skills[0] ?? {}).sort()).toEqual(
      ['id', 'alias_id', 'name', 'description', 'created_at', 'updated_at'].sort(),
    );
    const detail = (await (await server.get(`/v1/skills/${HOSTILE_SKILL_ID}`)).json()) as Record<
      string,
      unknown
    >;
    expect(detail.content_text).toContain('<script>alert("skill")</script>');
    expect(detail.linked_entities).toEqual([
      { type: 'page', id: expect.stringMatching(UUID), label: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('projects: every field, with icon, color and lead_id', async () => {
    const projects = await all(`${V1}/projects`, 'projects');
    expect(projects).toHaveLength(6);
    const DATE = /^\d{4}-\d{2}-\d{2}$/;
    for (const project of projects) {
      expect(Object.keys(project).sort()).toEqual(
        [
          'id',
          'alias_id',
          'name',
          'description',
          'icon',
          'color',
          'lead_id',
          'status',
          'is_private',
          'start_date',
          'end_date',
          'target_date',
          'created_at',
          'updated_at',
        ].sort(),
      );
      expect(['draft', 'active', 'paused', 'completed', 'archived']).toContain(project.status);
      expect(typeof project.is_private).toBe('boolean');
      expect(project.lead_id === null || USER_IDS.includes(String(project.lead_id))).toBe(true);
      for (const date of [project.start_date, project.end_date, project.target_date]) {
        expect(date === null || DATE.test(String(date))).toBe(true);
      }
      expect(await detailOf(`${V1}/projects/${project.id}`)).toEqual(project);
    }
    const website = projects.find((p) => p.id === PROJECT_IDS.acmeWebsite);
    expect(website).toMatchObject({ icon: '🚀', color: '#2563eb', lead_id: USER_IDS[0] });
    const loyalty = projects.find((p) => p.id === PROJECT_IDS.acmeLoyalty);
    expect(loyalty).toMatchObject({ icon: null, color: null, lead_id: null, description: null });
  });

  it('projects link tables, tasks and pages by project_id', async () => {
    const tables = await all(`${V1}/tables`, 'tables');
    const tasks = await all(`${V1}/tasks`, 'tasks');
    const pages = await all(`${V1}/pages`, 'pages');
    for (const project of [PROJECT_IDS.acmeWebsite, PROJECT_IDS.acmeSupport]) {
      expect(tables.some((t) => t.project_id === project)).toBe(true);
      expect(tasks.some((t) => t.project_id === project)).toBe(true);
      expect(pages.some((p) => p.project_id === project)).toBe(true);
    }
    // One with tasks only, one with pages only, one with nothing.
    expect(tasks.some((t) => t.project_id === PROJECT_IDS.acmeWarehouse)).toBe(true);
    expect(pages.some((p) => p.project_id === PROJECT_IDS.acmeWarehouse)).toBe(false);
    expect(pages.some((p) => p.project_id === PROJECT_IDS.acmeQ4)).toBe(true);
    const linked = [...tables, ...tasks, ...pages].map((item) => item.project_id);
    expect(linked).not.toContain(PROJECT_IDS.acmeLoyalty);
  });
});

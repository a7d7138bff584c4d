import { describe, expect, it } from 'vitest';
import { ACME_SKILL_COUNT, GLOBEX_SKILL_COUNT, TABLE_IDS } from '../seed/demo-seed';
import { fileTestServer } from '../testing/file-test-server';
import { API_DOCUMENT_PATH } from './document';
import type { OpenApiDocument } from './openapi-types';
import { type ResponseChecker, responseChecker } from './response-check';

/**
 * The whole demo workspace, walked over real HTTP as a client generated from the documents
 * would walk it: every list to its end, every item's detail, every table with its views, a
 * page of each table's records, in both workspaces. Each reply (status, documented headers,
 * body) is checked against the document the server itself publishes, and the records
 * against each table's own document too (decision 030).
 */

const V1 = '/api/public/v1';
const LISTS = ['skills', 'tasks', 'pages', 'projects'] as const;

const server = fileTestServer();

interface Walk {
  checker: ResponseChecker;
  problems: string[];
  /** Replies checked, by what they were. */
  checked: Map<string, number>;
}

async function fetchChecked(
  walk: Walk,
  what: string,
  path: string,
  key: string,
  method = 'GET',
  checker = walk.checker,
): Promise<Response> {
  const response = await server.get(path, { key, method });
  const body = await response.clone().text();
  if (response.status !== 200) walk.problems.push(`${method} ${path}: ${response.status}`);
  const problems = checker.problems(method, path, response.status, body, response.headers);
  walk.problems.push(...(problems ?? [`${method} ${path} is not in the document`]));
  walk.checked.set(what, (walk.checked.get(what) ?? 0) + 1);
  return response;
}

/** Every item of a list, page by page at the list's largest page, each page checked. */
async function walkList(
  walk: Walk,
  kind: string,
  path: string,
  key: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${path}?limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page = (await (await fetchChecked(walk, `${kind} page`, url, key)).json()) as Record<
      string,
      unknown
    >;
    items.push(...(page[kind] as Record<string, unknown>[]));
    cursor = page.next_cursor as string | null;
  } while (cursor !== null);
  return items;
}

async function walkWorkspace(
  walk: Walk,
  key: string,
): Promise<{ counts: Record<string, number>; nullLabels: number }> {
  const counts: Record<string, number> = {};
  let nullLabels = 0;
  for (const kind of LISTS) {
    const items = await walkList(walk, kind, `${V1}/${kind}`, key);
    counts[kind] = items.length;
    for (const item of items) {
      const detail = (await (
        await fetchChecked(walk, `${kind} detail`, `${V1}/${kind}/${item.id}`, key)
      ).json()) as { linked_entities?: { label: unknown }[] | null };
      nullLabels += (detail.linked_entities ?? []).filter((link) => link.label === null).length;
    }
    // The same list and an item, as HEAD: status and headers only.
    await fetchChecked(walk, 'HEAD', `${V1}/${kind}`, key, 'HEAD');
    if (items[0]) await fetchChecked(walk, 'HEAD', `${V1}/${kind}/${items[0].id}`, key, 'HEAD');
  }
  // Skills at their second address answer alike.
  counts.v1Skills = (await walkList(walk, 'skills', '/v1/skills', key)).length;

  const tables = await walkList(walk, 'tables', `${V1}/tables`, key);
  counts.tables = tables.length;
  for (const table of tables) {
    const base = `${V1}/tables/${table.id}`;
    const detail = (await (await fetchChecked(walk, 'table detail', base, key)).json()) as {
      views?: { id: string }[];
    };
    const tableDocument = (await (
      await fetchChecked(walk, 'table document', `${base}/openapi.json`, key)
    ).json()) as OpenApiDocument;
    const ownChecker = responseChecker(tableDocument);
    for (const checker of [walk.checker, ownChecker]) {
      const page = (await (
        await fetchChecked(walk, 'records page', `${base}/records?limit=500`, key, 'GET', checker)
      ).json()) as { records: { id: string }[] };
      for (const record of page.records.slice(0, 25)) {
        await fetchChecked(walk, 'record', `${base}/records/${record.id}`, key, 'GET', checker);
      }
      for (const view of detail.views ?? []) {
        await fetchChecked(
          walk,
          'view page',
          `${base}/records?view=${view.id}`,
          key,
          'GET',
          checker,
        );
      }
      await fetchChecked(walk, 'table detail', base, key, 'GET', checker);
    }
    await fetchChecked(walk, 'HEAD', `${base}/records`, key, 'HEAD', ownChecker);
  }
  return { counts, nullLabels };
}

describe('the whole demo workspace, against the OpenAPI documents the server publishes', () => {
  it('every list, every detail, every table with its views and a page of its records match', async () => {
    const published = (await (
      await server.get(API_DOCUMENT_PATH, { key: null })
    ).json()) as OpenApiDocument;
    const walk: Walk = { checker: responseChecker(published), problems: [], checked: new Map() };

    const acme = await walkWorkspace(walk, server.acmeKey);
    const globex = await walkWorkspace(walk, server.globexKey);
    expect(walk.problems).toEqual([]);

    // The walk saw everything: every skill of both workspaces (the hostile one too)…
    expect(acme.counts.skills).toBe(ACME_SKILL_COUNT + 1);
    expect(globex.counts.skills).toBe(GLOBEX_SKILL_COUNT);
    expect(acme.counts.v1Skills).toBe(acme.counts.skills);
    expect(acme.counts.tables).toBe(8);
    expect(globex.counts.tables).toBe(2);
    const details = (kind: string) => walk.checked.get(`${kind} detail`);
    for (const kind of LISTS) {
      expect(details(kind), kind).toBe((acme.counts[kind] ?? 0) + (globex.counts[kind] ?? 0));
      expect(acme.counts[kind], kind).toBeGreaterThan(0);
    }
    // …and the links without a label that the document once said could not exist.
    expect(acme.nullLabels + globex.nullLabels).toBeGreaterThan(0);
    expect(walk.checked.get('view page')).toBeGreaterThan(0);
    expect(walk.checked.get('HEAD')).toBe(
      4 * LISTS.length + (acme.counts.tables ?? 0) + (globex.counts.tables ?? 0),
    );
  });

  it("a table's document names each filter parameter, and a client encoding those names reaches the column", async () => {
    const base = `${V1}/tables/${TABLE_IDS.columnNames}`;
    const document = (await (await server.get(`${base}/openapi.json`)).json()) as OpenApiDocument;
    const checker = responseChecker(document);
    const records = document.paths[`${base}/records`]?.get as {
      parameters: { name: string; in: string; style?: string }[];
    };
    const filters = records.parameters.filter((parameter) => parameter.name.startsWith('filter'));
    expect(filters.length).toBeGreaterThan(3);
    expect(filters.every((parameter) => parameter.in === 'query' && !parameter.style)).toBe(true);
    // The hard names: `&`, `=`, `#`, `+`, brackets, spaces, emoji.
    const names = filters.map((parameter) => parameter.name);
    expect(names.some((name) => /[&#+]/.test(name))).toBe(true);
    for (const name of names) {
      // As generated clients send a named query parameter: name and value URL-encoded.
      const path = `${base}/records?${new URLSearchParams([[name, '']])}`;
      const response = await server.get(path);
      const body = await response.text();
      expect(response.status, `${name}: ${body.slice(0, 200)}`).toBe(200);
      expect(checker.problems('GET', path, response.status, body, response.headers)).toEqual([]);
    }
  });
});

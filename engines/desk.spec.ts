import {
  allRecords,
  allSkills,
  firstRecords,
  listTables,
  skillDetail,
  tableNamed,
} from '../e2e/support/api';
import { type ApiTask, allOf } from '../e2e/support/resources';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { expect, test } from './support/fixtures';
import {
  ariaSortOf,
  drawnRows,
  firstNumbers,
  recordsStatus,
  scrollGridToEnd,
} from './support/grid';

/**
 * A person's walk through the dashboard at a desk (1366 × 800), in each engine, against the
 * real reference server: what the screen shows is compared with the API's own answers.
 */

test('connect with a key: the first table opens and the sidebar lists every table', async ({
  app,
}) => {
  const tables = await listTables();
  await app.start({ connected: false });
  await app.open('/');
  await app.type({ label: 'API key' }, process.env.E2E_KEY_FULL ?? '');
  await app.click({ role: 'button', name: 'Connect' });
  const first = tables[0];
  if (!first) throw new Error('the demo workspace has no tables');
  await app.waitFor({ role: 'heading', name: first.name });
  await expect.poll(() => app.hash()).toBe(`#/tables/${first.id}`);
  const sidebar = {
    role: 'region',
    name: 'Tables',
    within: { role: 'navigation', name: 'Workspace' },
  };
  await expect.poll(() => app.count({ role: 'link', within: sidebar })).toBe(tables.length);
});

test('Orders: the API’s rows, sorted and filtered on the server, and scrolled to the last record', async ({
  app,
}) => {
  const orders = await tableNamed('Orders');
  const orderNos = (records: { fields: Record<string, unknown> }[]) =>
    records.map((record) => record.fields.order_no);
  await app.start();
  await app.open(`/tables/${orders.id}`);
  await expect.poll(() => recordsStatus(app)).toContain('100 records loaded');
  const firstTen = (await firstRecords(orders.id, 10)).slice(0, 10);
  await expect.poll(() => firstNumbers(app, 'order_no', 10)).toEqual(orderNos(firstTen));
  const [first] = (await drawnRows(app)).filter((row) => row.index === 0);
  expect(first?.id).toBe(firstTen[0]?.id);
  expect(first?.cells.email).toBe(firstTen[0]?.fields.email);

  // Sort: a click on the header, lowest amount first.
  await app.click({
    role: 'button',
    name: 'amount',
    within: { role: 'columnheader', name: 'amount' },
  });
  await expect.poll(() => ariaSortOf(app, 'amount')).toBe('ascending');
  const sorted = (await firstRecords(orders.id, 10, { sort: 'amount:asc' })).slice(0, 10);
  await expect.poll(() => firstNumbers(app, 'order_no', 10)).toEqual(orderNos(sorted));
  expect(await app.hash()).toContain('sort=amount:asc');

  // Filter: typed into the column's filter, on top of the sort.
  const email = String(firstTen[0]?.fields.email);
  await app.type({ label: 'Filter email' }, email);
  const filtered = (
    await firstRecords(orders.id, 10, { sort: 'amount:asc', filters: { email } })
  ).slice(0, 10);
  expect(filtered.length).toBeGreaterThan(0);
  await expect.poll(() => recordsStatus(app)).toContain(`where email is ${email}`);
  await expect
    .poll(async () => (await drawnRows(app)).filter((row) => row.index < 10).map((row) => row.id))
    .toEqual(filtered.map((record) => record.id));

  // Deep scroll: with the filter cleared, scrolling to the end reaches the sorted view's
  // last record, every page loaded in turn.
  await app.type({ label: 'Filter email' }, '');
  await expect.poll(() => recordsStatus(app)).toContain('records loaded');
  const whole = await allRecords(orders.id, { sort: 'amount:asc' });
  const total = whole.length.toLocaleString('en-US');
  await expect
    .poll(
      async () => {
        await scrollGridToEnd(app);
        return recordsStatus(app);
      },
      { timeout: 60_000 },
    )
    .toContain(`All ${total} records`);
  await expect
    .poll(async () => {
      await scrollGridToEnd(app);
      return (await drawnRows(app)).slice(-3).map((row) => [row.index, row.id]);
    })
    .toEqual(whole.slice(-3).map((record, i) => [whole.length - 3 + i, record.id]));
});

test('a record’s panel shows its fields and Escape closes it', async ({ app }) => {
  const team = await tableNamed('Team');
  const [first] = (await firstRecords(team.id, 1)).slice(0, 1);
  if (!first) throw new Error('Team is empty');
  const name = String(first.fields.name);
  await app.start();
  await app.open(`/tables/${team.id}`);
  await app.click({ role: 'gridcell', name });
  const panel = { role: 'dialog', name };
  await app.waitFor(panel);
  const text = (await app.text(panel)) ?? '';
  for (const column of team.columns) expect(text).toContain(String(first.fields[column.name]));
  await app.press('Escape');
  await expect.poll(() => app.count(panel)).toBe(0);
});

test('a click on the grid’s canvas while it scrolls opens the record under the pointer', async ({
  app,
}) => {
  test.setTimeout(90_000);
  const orders = await tableNamed('Orders');
  await app.start();
  const canvas = 'div:has(> [role="grid"]) canvas';
  let point = { x: 0, y: 0 };
  let pressedOn: string | undefined;
  // Again from the start if the press missed the canvas: on a loaded machine a frame can
  // come later than the scrolling's rest (150 ms), and the canvas goes for that moment
  // (then the click lands on the DOM row there, which must open too).
  for (let attempt = 0; attempt < 5 && pressedOn !== 'CANVAS'; attempt++) {
    await app.open(`/tables/${orders.id}`);
    await expect.poll(async () => (await drawnRows(app)).length).toBeGreaterThan(5);
    // A person wheeling on and on (a wheel event, then its scroll, every frame) until the
    // pointer goes down: while it scrolls, the body is a canvas (decision 066).
    await app.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[role="grid"]')?.parentElement;
      if (!scroller) return;
      const probe = window as unknown as { pressedOn?: string };
      probe.pressedOn = undefined;
      let scrolling = true;
      window.addEventListener(
        'pointerdown',
        (event) => {
          scrolling = false;
          probe.pressedOn = (event.target as Element).tagName;
        },
        { capture: true, once: true },
      );
      const step = () => {
        if (!scrolling) return;
        scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: 30, bubbles: true }));
        scroller.scrollTop += 30;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }, null);
    point = await app.evaluate(
      (selector) =>
        new Promise<{ x: number; y: number }>((resolve) => {
          const shown = () => {
            const element = document.querySelector<HTMLElement>(selector);
            if (element && getComputedStyle(element).display !== 'none') {
              const box = element.getBoundingClientRect();
              resolve({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
            } else requestAnimationFrame(shown);
          };
          shown();
        }),
      canvas,
    );
    // The driver's own click at the canvas's centre (at a point: a click on an element
    // would first bring it into view, a scroll of its own): painting ends at the press, and
    // the click acts on the row now drawn there.
    await app.tab.clickAt(point.x, point.y);
    pressedOn = await app.evaluate(
      () => (window as unknown as { pressedOn?: string }).pressedOn,
      null,
    );
  }
  if (pressedOn !== 'CANVAS')
    test.info().annotations.push({
      type: 'note',
      description: `5 presses missed the canvas (the last on ${pressedOn}): the DOM path checked`,
    });
  await app.waitFor({ role: 'dialog' });
  const opened = /\/records\/([^/?]+)/.exec(await app.hash())?.[1];
  expect(opened, 'a record opened').toBeDefined();
  const row = await app.evaluate(
    ({ id, y }) => {
      const element = document.querySelector(`[role="grid"] [data-row-id="${CSS.escape(id)}"]`);
      const box = element?.getBoundingClientRect();
      return box
        ? {
            index: Number(element?.getAttribute('aria-rowindex')) - 2,
            under: box.top <= y && y <= box.bottom,
          }
        : null;
    },
    { id: opened ?? '', y: point.y },
  );
  expect(row?.under, `the opened record's row (${JSON.stringify(row)}) is under the click`).toBe(
    true,
  );
  expect(row?.index).toBeGreaterThan(0);
});

test('the language switch turns the screen Spanish, in place', async ({ app }) => {
  const orders = await tableNamed('Orders');
  await app.start();
  await app.open(`/tables/${orders.id}?sort=amount:desc`);
  await app.waitFor({ role: 'grid' });
  await app.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  }, null);
  await app.select({ role: 'combobox', name: 'Language' }, 'es');
  await expect.poll(() => app.evaluate(() => document.documentElement.lang, null)).toBe('es');
  await app.waitFor({ role: 'combobox', name: 'Idioma' });
  await app.waitFor({ role: 'button', name: 'Cerrar sesión' });
  expect(await app.hash()).toBe(`#/tables/${orders.id}?sort=amount:desc`);
  expect(await app.evaluate(() => (window as unknown as { stayed?: boolean }).stayed, null)).toBe(
    true,
  );
});

test('a skill’s Markdown renders, parsed in the Markdown worker', async ({ app }) => {
  const [summary] = await allSkills();
  if (!summary) throw new Error('the demo workspace has no skills');
  const skill = await skillDetail(summary.id);
  const checklist = (skill.content_text ?? '')
    .split('\n')
    .filter((line) => /^- \[[ x]\] /.test(line));
  await app.start();
  await app.open(`/skills/${skill.id}`);
  const content = { role: 'region', name: 'Content' };
  await app.waitFor({ role: 'heading', name: skill.name, within: content });
  await app.waitFor({ role: 'heading', name: 'Steps', within: content });
  expect(await app.count({ role: 'checkbox', within: content })).toBe(checklist.length);
  // The parser ran in the worker: the page never loaded it itself (its fallback).
  const scripts = await app.evaluate(
    () => performance.getEntriesByType('resource').map((entry) => entry.name),
    null,
  );
  expect(scripts.filter((url) => /markdown\.worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
  expect(scripts.filter((url) => url.includes('/markdown-tree-'))).toEqual([]);
});

const BOARD_COLUMNS: [status: string, label: string][] = [
  ['todo', 'To do'],
  ['in_progress', 'In progress'],
  ['in_review', 'In review'],
  ['done', 'Done'],
];

test('the tasks board holds each status’s first tasks, as the API lists them', async ({ app }) => {
  await app.start();
  await app.open('/tasks?view=board');
  for (const [status, label] of BOARD_COLUMNS) {
    const expected = (await allOf<ApiTask>('tasks', { status })).slice(0, 5).map((t) => t.name);
    const column = { role: 'region', nameMatches: `^${label}\\s*(,|$)` };
    await expect
      .poll(async () =>
        app.evaluate(
          (selector) => {
            const region = document.querySelector(selector);
            return [...(region?.querySelectorAll('li h3 a') ?? [])]
              .slice(0, 5)
              .map((link) => link.textContent ?? '');
          },
          await app.target(column),
        ),
      )
      .toEqual(expected);
  }
});

test('Export writes the view’s records to a CSV file', async ({ app }) => {
  const orders = await tableNamed('Orders');
  const view = { sort: 'amount:desc', filters: { status: 'refunded', tags: 'gift' } };
  const expected = await allRecords(orders.id, view);
  expect(expected.length).toBeGreaterThan(0);
  await app.start();
  await app.open(`/tables/${orders.id}?sort=amount:desc&filter[status]=refunded&filter[tags]=gift`);
  await expect.poll(async () => (await drawnRows(app))[0]?.id).toBe(expected[0]?.id);
  await app.click({ role: 'button', name: 'Export' });
  await app.click({ role: 'radio', name: 'CSV' });
  await app.click({ role: 'button', name: 'Export CSV' });
  await expect.poll(async () => (await app.downloads()).length).toBe(1);
  const [download] = await app.downloads();
  if (!download) throw new Error('no download');
  expect(download.fileName).toMatch(/^Orders.*\.csv$/);
  const [header, ...rows] = parseCsv((await app.downloadText(download)) ?? '');
  const orderNo = header?.indexOf('order_no') ?? -1;
  expect(orderNo).toBeGreaterThanOrEqual(0);
  expect(rows.filter((row) => row.length > 1).map((row) => Number(row[orderNo]))).toEqual(
    expected.map((record) => record.fields.order_no),
  );
});

import { type RunningProcess, startProcess, tsxBinary } from '../scripts/lib/processes';
import { tableNamed } from './support/api';
import { expect, keys, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { DIST_DIR } from './support/static-server';

/**
 * `npm run server -- --proxy <upstream> --dashboard dist`: the browser talks to one origin,
 * the proxy; the suite's reference server (another port, so another origin) is the upstream.
 */
let proxy: RunningProcess;

test.beforeAll(async () => {
  const upstream = process.env.E2E_BASE_URL;
  if (!upstream) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  proxy = await startProcess(
    tsxBinary,
    ['server/main.ts', '--port', '0', '--proxy', upstream, '--dashboard', DIST_DIR, '--quiet'],
    /Open http/,
  );
});

test.afterAll(async () => {
  await proxy?.stop();
});

test('the dashboard served by the proxy browses the upstream through it', async ({ page }) => {
  const upstreamOrigin = new URL(process.env.E2E_BASE_URL ?? '').origin;
  const proxyOrigin = new URL(proxy.url).origin;
  const requestOrigins = new Set<string>();
  page.on('request', (request) => requestOrigins.add(new URL(request.url()).origin));

  const team = await tableNamed('Team');
  await page.goto(`${proxy.url}/#/tables/${team.id}`);
  // Service URL left empty: the same origin, i.e. the proxy.
  await page.getByLabel('API key', { exact: true }).fill(keys.full);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(recordsStatus(page)).toContainText('All 5 records');
  await expect(recordsGrid(page).getByRole('row')).toHaveCount(6);
  expect([...requestOrigins]).toEqual([proxyOrigin]);
  expect(requestOrigins.has(upstreamOrigin)).toBe(false);
});

test('records pages reach the browser compressed through the proxy, and the grid reads them', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const firstPage = page.waitForResponse((response) =>
    response.url().includes(`/api/public/v1/tables/${orders.id}/records?`),
  );
  await page.goto(`${proxy.url}/#/tables/${orders.id}`);
  await page.getByLabel('API key', { exact: true }).fill(keys.full);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  const reply = await firstPage;
  expect(reply.status()).toBe(200);
  // The upstream's reply arrives at the proxy decoded (fetch); the proxy compresses it again.
  expect(await reply.headerValue('content-encoding')).toBe('br');
  expect(await reply.headerValue('vary')).toContain('Accept-Encoding');
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  await expect(recordsGrid(page).getByRole('row').nth(1)).toBeVisible();
});

test('the proxy forwards only the contract’s read paths and methods', async ({ request }) => {
  const authorization = { Authorization: `Bearer ${keys.full}` };

  const tables = await request.get(`${proxy.url}/api/public/v1/tables?limit=2`, {
    headers: authorization,
  });
  expect(tables.status()).toBe(200);
  expect(((await tables.json()) as { tables: unknown[] }).tables).toHaveLength(2);

  const skills = await request.get(`${proxy.url}/v1/skills?limit=1`, { headers: authorization });
  expect(skills.status()).toBe(200);

  for (const path of ['/api/public/v1/admin', '/api/private/v1/tables', '/v2/skills']) {
    const refused = await request.get(`${proxy.url}${path}`, { headers: authorization });
    expect(refused.status(), path).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_found' } });
  }

  const posted = await request.post(`${proxy.url}/api/public/v1/tables`, {
    headers: authorization,
    data: {},
  });
  expect(posted.status()).toBe(405);
  expect(posted.headers().allow).toBe('GET, HEAD, OPTIONS');
  expect(await posted.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../scripts/lib/processes';
import { expect, keys, test } from './support/fixtures';
import { type ApiPage, type ApiProject, type ApiTask, allOf } from './support/resources';
import {
  deployDashboard,
  deploymentHeaders,
  type StaticServer,
  startStaticServer,
} from './support/static-server';

/**
 * The embedded view (examples/embed.html on one origin framing dist/ on another) shows
 * tasks, pages and projects: by `navigate` message and by URL, links staying in #/embed.
 */

let siteDir: string;
let host: StaticServer;
let view: StaticServer;

function serviceUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  return url;
}

test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-embed-resources-'));
  host = await startStaticServer({ root: path.join(repoRoot, 'examples') });
  deployDashboard(siteDir, {
    serviceUrl: serviceUrl(),
    title: 'Embedded workspace',
    embedOrigins: [host.origin],
  });
  view = await startStaticServer({
    root: siteDir,
    mountPath: '/workspace/',
    headers: deploymentHeaders({
      serviceOrigin: new URL(serviceUrl()).origin,
      frameAncestors: host.origin,
    }),
  });
});

test.afterAll(async () => {
  await Promise.all([host?.close(), view?.close()]);
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

async function openConnected(page: Page, route: string) {
  const viewUrl = `${view.url}${route}`;
  await page.goto(`${host.url}embed.html?view=${encodeURIComponent(viewUrl)}`);
  await expect(page.locator('#log')).toContainText('"type":"workspace-browser:ready"');
  await page.getByLabel('Service URL').fill(serviceUrl());
  await page.getByLabel('API key').fill(keys.full);
  await page.getByRole('button', { name: 'Send the key' }).click();
  await expect(page.locator('#log')).toContainText('"type":"workspace-browser:connected"');
}

async function show(page: Page, kind: string, id: string) {
  await page.getByLabel('Kind').selectOption(kind);
  await page.getByLabel('Id').fill(id);
  await page.getByRole('button', { name: 'Show it' }).click();
}

test('the embedded view shows a task, a page and a project on navigate, and the task board by URL', async ({
  page,
}) => {
  const [task] = await allOf<ApiTask>('tasks', { status: 'done' });
  const handbook = (await allOf<ApiPage>('pages')).find((p) => p.name === 'Handbook');
  const website = (await allOf<ApiProject>('projects')).find((p) => p.name === 'Website relaunch');
  if (!task || !handbook || !website) throw new Error('the demo seed lacks the expected items');

  await openConnected(page, '#/embed/tasks?view=board');
  const frame = page.frameLocator('#view');
  await expect(frame.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(frame.getByRole('main').getByRole('region')).toHaveCount(6);
  await expect(frame.getByRole('navigation', { name: 'Workspace' })).toHaveCount(0);

  await show(page, 'task', task.id);
  await expect(frame.getByRole('heading', { level: 1, name: task.name })).toBeVisible();
  await show(page, 'page', handbook.id);
  await expect(frame.getByRole('heading', { level: 1 })).toContainText('Handbook');
  await show(page, 'project', website.id);
  await expect(frame.getByRole('heading', { level: 1 })).toContainText('Website relaunch');

  // A link inside the view stays in the embedded view.
  await frame.getByRole('region', { name: 'Pages' }).getByRole('link').first().click();
  const framed = page.frames().find((f) => f.url().startsWith(view.origin));
  await expect.poll(() => framed?.url()).toMatch(/#\/embed\/pages\/[0-9a-f-]+$/);
});

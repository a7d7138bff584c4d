import { tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { openRecordsTable, recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

// The reference server compresses the API's JSON replies for a browser that accepts it
// (server/http/compression.ts): the grid must read them as it read plain JSON.
test('the first page of Orders arrives Brotli-compressed and fills the grid', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await startConnected(page);
  const firstPage = page.waitForResponse((response) =>
    response.url().includes(`/api/public/v1/tables/${orders.id}/records?`),
  );
  await openRecordsTable(page, orders.id);

  const reply = await firstPage;
  expect(reply.status()).toBe(200);
  expect(await reply.headerValue('content-encoding')).toBe('br');
  expect(await reply.headerValue('vary')).toContain('Accept-Encoding');
  const page1 = (await reply.json()) as { records: { id: string }[] };
  expect(page1.records.length).toBeGreaterThan(0);
  await expect(recordsStatus(page)).toContainText(`${page1.records.length} records loaded`);
  await expect(recordsGrid(page).getByRole('row').nth(1)).toBeVisible();
});

/** The view picker, the "Your views" menu and the storage keys of the views specs. */
import type { Page } from '@playwright/test';
import { type ApiRecord, apiGet } from './api';
import { expect } from './fixtures';
import { recordsGrid } from './records-grid';

export const YOURS = 'workspace-browser.your-views';
export const WHERE = 'workspace-browser.where';
export const LAYOUTS = 'workspace-browser.column-layouts';
export const PLACES = 'workspace-browser.view-places';

export function picker(page: Page) {
  return page.getByRole('combobox', { name: 'View' });
}

/** The names listed under "Yours" in the view picker. */
export function yourViewNames(page: Page): Promise<string[]> {
  return picker(page)
    .locator('optgroup[label="Yours"] option')
    .evaluateAll((options) => options.map((option) => option.textContent ?? ''));
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Your views' }).click();
}

export async function shownColumns(page: Page): Promise<string[]> {
  return recordsGrid(page)
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => header.querySelector('button span')?.textContent ?? ''),
    );
}

export async function saveViewAs(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('button', { name: 'Save view as…' }).click();
  await page.getByLabel('Name of the view').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved: the address now names the view (what the last-screen memory then keeps).
  await expect(page).toHaveURL(/[?&]mine=/);
}

export function tablesNav(page: Page) {
  return page.getByRole('navigation', { name: 'Workspace' }).getByRole('region', {
    name: 'Tables',
  });
}

/** Paid orders by amount, biggest first, as the grid pages them (100 first). */
export async function paidByAmount(tableId: string): Promise<ApiRecord[]> {
  const first = await apiGet<{ records: ApiRecord[]; next_cursor: string | null }>(
    `/api/public/v1/tables/${tableId}/records`,
    { sort: 'amount:desc', 'filter[status]': 'paid', limit: '100' },
  );
  return first.records;
}

/** Exporting a records view from the grid, as the export specs do it. */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect } from './fixtures';
import { openRecordsTable, recordsStatus } from './records-grid';

export async function openView(page: Page, tableId: string, search = '') {
  await openRecordsTable(page, tableId, search);
  await expect(recordsStatus(page)).toContainText(/records? loaded|All /);
}

export async function startExport(
  page: Page,
  format: 'CSV' | 'JSON Lines',
  options: { bom?: boolean; idsOnly?: boolean } = {},
) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('radio', { name: format }).check();
  if (options.bom) await page.getByRole('checkbox', { name: /Byte order mark/ }).check();
  if (options.idsOnly) await page.getByRole('checkbox', { name: /Links as ids only/ }).check();
  await page.getByRole('button', { name: `Export ${format}` }).click();
}

export async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

/** A record value as the CSV writes it for these columns (numbers plain, lists joined). */
export function csvValueOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

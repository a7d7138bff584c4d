import { describe, expect, it, vi } from 'vitest';
import type { Column, RecordRow } from '../../../lib/api/types';
import {
  type FileTarget,
  openExportSink,
  type SaveFileHandle,
  type SinkEnvironment,
  type WritableFileStream,
} from './file-sink';
import { csvWriter, jsonLinesWriter } from './formats/record-writers';
import { type PageWalk, runExport } from './run-export';
import { parseCsv } from './testing/parse-csv';

const title: Column = {
  id: 'c1',
  name: 'title',
  description: null,
  type: 'TEXT',
  settings: null,
  orderIndex: 0,
  required: false,
  isPrimary: false,
  inferred: false,
};

const target: FileTarget = {
  baseName: 'Orders 2026-11-23',
  extension: 'csv',
  mimeType: 'text/csv',
  description: 'CSV file',
};

function rows(from: number, count: number): RecordRow[] {
  return Array.from({ length: count }, (_, offset) => ({
    id: `rec-${from + offset}`,
    fields: { title: `Title ${from + offset}` },
    createdAt: null,
    updatedAt: null,
  }));
}

/** Pages of `size` records; throws `failure` instead of page `failAt` (0-based). */
function pagesWalk(pageCount: number, size: number, failAt?: number, failure?: Error): PageWalk {
  return async (onPage) => {
    for (let page = 0; page < pageCount; page++) {
      if (page === failAt) throw failure;
      await onPage(rows(page * size, size));
    }
  };
}

function downloads() {
  const saved: { blob: Blob; fileName: string }[] = [];
  const environment: SinkEnvironment = {
    download: (blob, fileName) => saved.push({ blob, fileName }),
  };
  return { saved, environment };
}

function fakePickedFile(name: string) {
  const written: string[] = [];
  const state = { closed: false, aborted: false };
  const stream: WritableFileStream = {
    write: async (text) => {
      written.push(text);
    },
    close: async () => {
      state.closed = true;
    },
    abort: async () => {
      state.aborted = true;
    },
  };
  const handle: SaveFileHandle = { name, createWritable: async () => stream };
  return { handle, written, state };
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : 'Unknown');

describe('runExport to a download (no File System Access API)', () => {
  it('downloads every record once, in order, under the suggested name', async () => {
    const { saved, environment } = downloads();
    const sink = await openExportSink(target, environment);
    if (!sink) throw new Error('no sink');
    const progress: number[] = [];
    const outcome = await runExport({
      walk: pagesWalk(3, 500),
      writer: csvWriter({ columns: [title] }),
      sink,
      signal: new AbortController().signal,
      onRecords: (count) => progress.push(count),
      describeError,
    });
    expect(outcome).toEqual({
      kind: 'complete',
      records: 1_500,
      file: { fileName: 'Orders 2026-11-23.csv', state: 'complete', via: 'download' },
    });
    expect(progress).toEqual([500, 1_000, 1_500]);
    expect(saved).toHaveLength(1);
    const table = parseCsv((await saved[0]?.blob.text()) ?? '');
    expect(table.map((row) => row[0])).toEqual([
      'id',
      ...rows(0, 1_500).map((record) => record.id),
    ]);
  });

  it('saves what was written before a failure that persisted, marked partial in name and content', async () => {
    const { saved, environment } = downloads();
    const sink = await openExportSink(target, environment);
    if (!sink) throw new Error('no sink');
    const outcome = await runExport({
      walk: pagesWalk(5, 100, 3, new Error('The service ran into a problem (HTTP 500).')),
      writer: csvWriter({ columns: [title] }),
      sink,
      signal: new AbortController().signal,
      describeError,
      now: () => new Date('2026-11-23T12:00:00.000Z'),
    });
    expect(outcome.kind).toBe('failed');
    expect(outcome.records).toBe(300);
    expect(saved[0]?.fileName).toBe('Orders 2026-11-23.partial.csv');
    const table = parseCsv((await saved[0]?.blob.text()) ?? '');
    expect(table).toHaveLength(1 + 300 + 1);
    expect(table[table.length - 1]).toEqual([
      'INCOMPLETE EXPORT: stopped at 2026-11-23T12:00:00.000Z after 300 records. The service ran into a problem (HTTP 500).',
      '',
      '',
      '',
    ]);
  });

  it('downloads nothing when cancelled', async () => {
    const { saved, environment } = downloads();
    const sink = await openExportSink(target, environment);
    if (!sink) throw new Error('no sink');
    const controller = new AbortController();
    const outcome = await runExport({
      walk: async (onPage) => {
        await onPage(rows(0, 10));
        controller.abort();
        throw new DOMException('Aborted', 'AbortError');
      },
      writer: csvWriter({ columns: [title] }),
      sink,
      signal: controller.signal,
      describeError,
    });
    expect(outcome).toEqual({ kind: 'cancelled', records: 10 });
    expect(saved).toEqual([]);
  });
});

describe('runExport to a picked file (File System Access API)', () => {
  it('streams page by page into the picked file and closes it', async () => {
    const file = fakePickedFile('orders.jsonl');
    const picker = vi.fn(async () => file.handle);
    const { saved, environment } = downloads();
    const sink = await openExportSink(
      { ...target, extension: 'jsonl', mimeType: 'application/jsonl' },
      { ...environment, showSaveFilePicker: picker },
    );
    if (!sink) throw new Error('no sink');
    const outcome = await runExport({
      walk: pagesWalk(2, 3),
      writer: jsonLinesWriter({ columns: [title] }),
      sink,
      signal: new AbortController().signal,
      describeError,
    });
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'Orders 2026-11-23.jsonl' }),
    );
    expect(outcome).toMatchObject({
      kind: 'complete',
      file: { fileName: 'orders.jsonl', via: 'picked' },
    });
    // One write per page: the file grows as pages arrive.
    expect(file.written).toHaveLength(2);
    expect(file.written.join('').trim().split('\n')).toHaveLength(6);
    expect(file.state).toEqual({ closed: true, aborted: false });
    expect(saved).toEqual([]);
  });

  it('throws the temporary file away when cancelled', async () => {
    const file = fakePickedFile('orders.csv');
    const controller = new AbortController();
    const sink = await openExportSink(target, {
      ...downloads().environment,
      showSaveFilePicker: async () => file.handle,
    });
    if (!sink) throw new Error('no sink');
    await runExport({
      walk: async (onPage) => {
        await onPage(rows(0, 1));
        controller.abort();
        throw new DOMException('Aborted', 'AbortError');
      },
      writer: csvWriter({ columns: [title] }),
      sink,
      signal: controller.signal,
      describeError,
    });
    expect(file.state).toEqual({ closed: false, aborted: true });
  });

  it('is not started when the user dismisses the picker', async () => {
    const sink = await openExportSink(target, {
      ...downloads().environment,
      showSaveFilePicker: async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      },
    });
    expect(sink).toBeNull();
  });

  it('falls back to a download when the picker is refused (e.g. in an iframe)', async () => {
    const sink = await openExportSink(target, {
      ...downloads().environment,
      showSaveFilePicker: async () => {
        throw new DOMException('Cross origin sub frames aren’t allowed', 'SecurityError');
      },
    });
    expect(sink?.via).toBe('download');
  });

  it('reports a file it could not write without claiming a partial file', async () => {
    const file = fakePickedFile('orders.csv');
    let writes = 0;
    const brokenHandle: SaveFileHandle = {
      name: 'orders.csv',
      createWritable: async () => ({
        ...(await file.handle.createWritable()),
        write: async () => {
          writes += 1;
          if (writes > 1) throw new DOMException('Disk full', 'QuotaExceededError');
        },
      }),
    };
    const sink = await openExportSink(target, {
      ...downloads().environment,
      showSaveFilePicker: async () => brokenHandle,
    });
    if (!sink) throw new Error('no sink');
    const outcome = await runExport({
      walk: pagesWalk(3, 2),
      writer: csvWriter({ columns: [title] }),
      sink,
      signal: new AbortController().signal,
      describeError,
    });
    expect(outcome).toMatchObject({ kind: 'failed', file: null, records: 0 });
  });
});

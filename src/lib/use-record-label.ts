import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient } from './api/api-client-context';
import { isApiError } from './api/errors';
import { queryKeys } from './api/query-keys';
import type { ApiClient, RecordRow } from './api/types';
import { createConcurrencyLimit } from './concurrency-limit';
import { type Translate, useT } from './i18n/i18n-react';
import { isRecordId, recordLabelOf, shortIdOf } from './record-label';

/**
 * Label requests in flight at once. A screen of a grid can link to ~40 records: four at a
 * time keep the grid's own page requests (and the rate limit) free, and a request for a
 * row scrolled away is dropped before it starts (see createConcurrencyLimit).
 */
export const LABEL_REQUESTS_AT_ONCE = 4;
/**
 * A cell must stay on screen this long before its label is asked for, so flicking
 * through thousands of rows asks for none of the rows flicked past.
 */
export const LABEL_SETTLE_MS = 150;
/** Names change rarely; a label is reused for this long across the whole app. */
const LABEL_STALE_MS = 5 * 60_000;

const labelRequests = createConcurrencyLimit(LABEL_REQUESTS_AT_ONCE);
/** Requests already sent, by client and record, so a cell drawn again while one is on its way waits for it. */
const sentRequests = new WeakMap<ApiClient, Map<string, Promise<RecordRow>>>();
/**
 * The client cells render with now. After a sign-out and another key, a late answer to
 * the old key is not written into the cache the new key reads.
 */
let currentClient: ApiClient | null = null;

/**
 * One record for a label. The signal only withdraws a request that is still waiting for a
 * slot: once sent, it is allowed to finish and its answer is cached even if every cell that
 * wanted it has scrolled away (TanStack Query drops the answer of a cancelled query), so
 * scrolling back never asks for the same record twice.
 */
function fetchLabelRecord(
  client: ApiClient,
  queryClient: QueryClient,
  tableId: string,
  recordId: string,
  signal: AbortSignal,
): Promise<RecordRow> {
  const key = `${tableId}/${recordId}`;
  let sentByClient = sentRequests.get(client);
  if (sentByClient === undefined) {
    sentByClient = new Map();
    sentRequests.set(client, sentByClient);
  }
  const sent = sentByClient.get(key);
  if (sent) return sent;
  const requests = sentByClient;
  return labelRequests.run(() => {
    const request = client
      .getRecord(tableId, recordId)
      .then((record) => {
        if (client === currentClient) {
          queryClient.setQueryData(queryKeys.record(tableId, recordId), record);
        }
        return record;
      })
      .finally(() => requests.delete(key));
    requests.set(key, request);
    return request;
  }, signal);
}

export type RecordLabel =
  | { status: 'loading'; text: string }
  | { status: 'ready'; text: string }
  /** Shown as `text` (the raw value or a short id), with `reason` on hover. */
  | { status: 'unavailable'; text: string; reason: string };

/** The linked table's detail (its columns name the label column); shared with the grid's cache entry. */
export function linkedTableQuery(client: ApiClient, tableId: string) {
  return {
    queryKey: queryKeys.table(tableId),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.getTable(tableId, { signal }),
    staleTime: 60_000,
  };
}

/**
 * The label of the record a REFERENCE value points at: one request per distinct record
 * (TanStack Query dedupes and caches by key), a few at a time, only while a cell showing
 * it is mounted. While loading, or when the record can't be read, a short id or the raw
 * value is shown, with the reason.
 */
export function useRecordLabel(tableId: string | null, value: unknown): RecordLabel {
  const t = useT();
  const client = useApiClient();
  currentClient = client;
  const queryClient = useQueryClient();
  const valid = tableId !== null && isRecordId(value);
  const settled = useSettled(valid ? LABEL_SETTLE_MS : null);
  const recordId = valid ? value : '';
  const linkedTable = tableId ?? '';

  const table = useQuery({ ...linkedTableQuery(client, linkedTable), enabled: valid && settled });
  const record = useQuery({
    queryKey: queryKeys.record(linkedTable, recordId),
    queryFn: ({ signal }) => fetchLabelRecord(client, queryClient, linkedTable, recordId, signal),
    enabled: valid && settled,
    staleTime: LABEL_STALE_MS,
  });

  if (!isRecordId(value)) {
    return {
      status: 'unavailable',
      text: rawTextOf(value),
      reason: t('common.recordLabel.notAnId'),
    };
  }
  if (tableId === null) {
    return {
      status: 'unavailable',
      text: shortIdOf(value),
      reason: t('common.recordLabel.noLinkedTable'),
    };
  }
  const failure = record.error ?? table.error;
  if (failure) {
    return { status: 'unavailable', text: shortIdOf(value), reason: reasonOf(failure, t) };
  }
  if (record.data && (table.data || table.isError)) {
    const label = recordLabelOf(record.data, table.data?.columns ?? null);
    return { status: 'ready', text: label ?? shortIdOf(value) };
  }
  return { status: 'loading', text: shortIdOf(value) };
}

function reasonOf(error: unknown, t: Translate): string {
  if (isApiError(error)) {
    if (error.status === 404) return t('common.recordLabel.deleted');
    if (error.status === 403) return t('common.recordLabel.forbidden');
  }
  return t('common.recordLabel.failed');
}

function rawTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** True once `delayMs` has passed since mount (at once for 0; never for null). */
function useSettled(delayMs: number | null): boolean {
  const [settled, setSettled] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === null || settled) return;
    const timer = setTimeout(() => setSettled(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, settled]);
  return settled;
}

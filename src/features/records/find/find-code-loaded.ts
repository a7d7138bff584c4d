// The find's code loaded on demand (find-code.ts): one chunk, one request.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api/types';
import { recordLabelStoreFor } from '../../../lib/record-label-store';
import { createFindEngine as createEngine } from './matcher/find-engine';

/** The screen's engine: the linked names the worker read go to the grid's labels. */
export const createFindEngine = (queryClient: QueryClient, client: ApiClient) =>
  createEngine((linked) => recordLabelStoreFor(queryClient, client).know(linked));
export { walkServiceSearch } from './walk/find-service-walk';
export { findEndOf, loadedPagesIn } from './walk/find-walk';

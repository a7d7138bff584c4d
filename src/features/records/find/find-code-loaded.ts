// The find's code loaded on demand (find-code.ts): one chunk, one request.
export { createFindEngine } from './matcher/find-engine';
export { walkServiceSearch } from './walk/find-service-walk';
export { findEndOf, loadedPagesIn } from './walk/find-walk';

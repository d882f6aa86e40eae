// What the provider's actions and sign-out load after first paint, as one chunk and one import.
export * as repo from './cart-repo.ts';
export { guestCart, writeTarget } from './source.ts';
export { forgetMergeJournal } from './merge-journal.ts';

import type { Migration } from './types';

/**
 * A turn written at an id the search index has already passed is indexed by the write itself, not by a
 * trigger. `turns_ai` (0008, 0018) ran its WHEN clause, a subquery on search_backlog, for every turn
 * inserted, although a write almost always appends past `indexed_upto` and so never matches: 400,000 turns
 * of a first sync paid about a fifth of their insert time for it. The one place that inserts turns,
 * queries/interviews.ts insertTurns, now reads the mark once per page and does what the trigger did for the
 * ids at or below it (they are reused only when the highest turns were deleted after being indexed).
 * Deletes and edits keep their triggers: they are rare and each matched row needs the work.
 */
export const migration: Migration = {
  version: 23,
  name: 'turn-insert-indexing',
  up(db) {
    db.exec('DROP TRIGGER turns_ai;');
  },
};

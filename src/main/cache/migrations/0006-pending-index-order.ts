import type { Migration } from './types';

/**
 * The pending-records index gains the list order, so "which records still need fetching, newest first"
 * reads the partial index alone instead of every interview of the project.
 */
export const migration: Migration = {
  version: 6,
  name: 'pending-index-order',
  up(db) {
    db.exec(`
      DROP INDEX interviews_pending;
      CREATE INDEX interviews_pending ON interviews(project_id, completed_at DESC) WHERE detail_state = 'pending';
    `);
  },
};

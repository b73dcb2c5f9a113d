import type { Migration } from './types';

/**
 * What the last sync could and could not read beside a study's interviews: its embed, allow-list,
 * stimuli and report (and the workspace's credits, under project_id ''). A side read the service refuses
 * (204, 404, 409, another 4xx, an empty or odd answer) is stored with the reason instead of failing the
 * study's sync; `reason` is NULL when the read worked. Service data: a re-sync rewrites it.
 */
export const migration: Migration = {
  version: 10,
  name: 'side-reads',
  up(db) {
    db.exec(`
      CREATE TABLE side_reads (
        project_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('embed', 'allow_list', 'stimuli', 'report', 'credits')),
        reason TEXT,
        checked_at TEXT NOT NULL,
        PRIMARY KEY (project_id, kind)
      );
    `);
  },
};

import type { Migration } from './types';

/**
 * The credit balance and trial credits may be left out by the service. They were stored NOT NULL, so
 * the parser turned a missing count into 0 trial credits and a missing balance into '' — a number the
 * service never said. Both become nullable ("not stated"). The table is service data, read again at
 * every sync, so it is rebuilt with its row copied (SQLite cannot drop a NOT NULL in place).
 */
export const migration: Migration = {
  version: 13,
  name: 'credits-unstated',
  up(db) {
    db.exec(`
      CREATE TABLE credits_new (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        balance TEXT,
        trial_credits INTEGER,
        synced_at TEXT NOT NULL
      );
      INSERT INTO credits_new (id, balance, trial_credits, synced_at) SELECT id, balance, trial_credits, synced_at FROM credits;
      DROP TABLE credits;
      ALTER TABLE credits_new RENAME TO credits;
    `);
  },
};

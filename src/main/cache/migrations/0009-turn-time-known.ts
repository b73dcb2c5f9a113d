import type { Migration } from './types';

/**
 * A transcript turn whose time the service sent in no form Fieldwork can read is kept, marked "time
 * unknown", instead of being given the previous turn's end or 0. `start_ms` stays NOT NULL (it orders
 * nothing: turns are ordered by `idx`) and holds 0 for such a turn; every read goes through `time_known`
 * and answers NULL. Turns cached before this step had a time, read or inferred, so they keep it.
 */
export const migration: Migration = {
  version: 9,
  name: 'turn-time-known',
  up(db) {
    db.exec(`ALTER TABLE transcript_turns ADD COLUMN time_known INTEGER NOT NULL DEFAULT 1 CHECK (time_known IN (0, 1));`);
  },
};

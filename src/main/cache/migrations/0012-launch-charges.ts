import type { Migration } from './types';

/**
 * What each launch from this workspace charged, as the service's launch result said. The contract gives
 * no price per participant, so the launch dialog can only quote one from an earlier launch: the balance
 * charged over the participants the trial credits did not cover. Written by the app when it launches,
 * never by sync (the service has no endpoint to read a launch result back), so a re-sync keeps it.
 * `per_participant_minor` is NULL when it could not be worked out (a charge Fieldwork could not read,
 * or every participant on trial credits): then there is no price to quote, and none is invented.
 */
export const migration: Migration = {
  version: 12,
  name: 'launch-charges',
  up(db) {
    db.exec(`
      CREATE TABLE launch_charges (
        project_id TEXT PRIMARY KEY,
        launched_at TEXT NOT NULL,
        target_participants INTEGER NOT NULL,
        trial_credits_used INTEGER,
        balance_charged TEXT,
        per_participant_minor INTEGER CHECK (per_participant_minor IS NULL OR per_participant_minor >= 0)
      );
      CREATE INDEX launch_charges_recent ON launch_charges (launched_at);
    `);
  },
};

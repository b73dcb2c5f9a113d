import type Database from 'better-sqlite3';

/** One schema step. `up` runs inside the runner's transaction, together with the user_version bump. */
export type Migration = { version: number; name: string; up(db: Database.Database): void };

// The migration runner and the connection settings (reliability checklist items 19, 20 and 22): each
// step commits with its user_version bump or not at all, a cache from a newer app is refused untouched,
// an existing cache is backed up with db.backup() first, and every connection gets WAL, foreign keys
// and synchronous=NORMAL, raised to FULL only around the researcher's own writes.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, it, expect } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { CacheTooNewError, migrate } from '../../../../src/main/cache/migrate';
import { LATEST_VERSION, MIGRATIONS } from '../../../../src/main/cache/migrations';
import type { Migration } from '../../../../src/main/cache/migrations/types';
import { openCacheDb, withFullSync } from '../../../../src/main/cache/open';

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };
const dump = (db: Database.Database) => db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as SchemaRow[];
const version = (db: Database.Database) => db.pragma('user_version', { simple: true }) as number;

function memoryDb(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  return db;
}

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fieldwork-migrate-'));
  dirs.push(d);
  return d;
}
const open: Database.Database[] = [];
function track<T extends Database.Database>(db: T): T {
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A migration that does part of its work and then fails, as a buggy new step would. */
const broken = (v: number, up: (db: Database.Database) => void): Migration => ({
  version: v,
  name: 'broken',
  up(db) {
    up(db);
    throw new Error('step blew up halfway');
  },
});

describe('migrate', () => {
  it('brings a fresh database to the latest version from 0, without a backup', async () => {
    const db = memoryDb();
    expect(await migrate(db)).toEqual({ from: 0, to: LATEST_VERSION, backup: null });
    expect(version(db)).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('is a no-op when run again', async () => {
    const db = memoryDb();
    await migrate(db);
    const before = dump(db);
    const again = await migrate(db, { backupDir: tempDir() });
    expect(again).toEqual({ from: LATEST_VERSION, to: LATEST_VERSION, backup: null });
    expect(dump(db)).toEqual(before);
  });

  it('runs only the steps above the current version', async () => {
    const db = memoryDb();
    await migrate(db, { migrations: MIGRATIONS.slice(0, 2) });
    expect(version(db)).toBe(2);
    const ran: number[] = [];
    const spied = MIGRATIONS.map((m) => ({ ...m, up: (d: Database.Database) => (ran.push(m.version), m.up(d)) }));
    expect(await migrate(db, { migrations: spied })).toEqual({ from: 2, to: LATEST_VERSION, backup: null });
    expect(ran).toEqual(MIGRATIONS.slice(2).map((m) => m.version));
  });

  it('a step that throws halfway leaves user_version and the schema exactly as they were', async () => {
    const db = memoryDb();
    await migrate(db);
    db.exec("INSERT INTO projects (id, title, status) VALUES ('p1', 'kept', 'STARTED')");
    const schema = dump(db);
    const bad = broken(LATEST_VERSION + 1, (d) => {
      d.exec('CREATE TABLE half_done (x TEXT)');
      d.exec('CREATE INDEX half_done_x ON half_done(x)');
      d.exec("UPDATE projects SET title = 'changed by the broken step'");
    });
    await expect(migrate(db, { migrations: [...MIGRATIONS, bad] })).rejects.toThrow('step blew up halfway');
    expect(version(db)).toBe(LATEST_VERSION);
    expect(dump(db)).toEqual(schema);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'half_done%'").all()).toEqual([]);
    expect(db.prepare('SELECT title FROM projects').all()).toEqual([{ title: 'kept' }]);
    expect(db.inTransaction).toBe(false);
  });

  it('a multi-statement step that fails on a later statement rolls back the earlier ones', async () => {
    const db = memoryDb();
    await migrate(db, { migrations: MIGRATIONS.slice(0, 1) });
    const schema = dump(db);
    const bad: Migration = { version: 2, name: 'typo', up: (d) => d.exec('CREATE TABLE first_ok (x); CREATE TABLE second_bad (;') };
    await expect(migrate(db, { migrations: [MIGRATIONS[0]!, bad] })).rejects.toThrow(/syntax error/);
    expect(version(db)).toBe(1);
    expect(dump(db)).toEqual(schema);
  });

  it('keeps the steps that committed before a failing one, and resumes from there once it is fixed', async () => {
    const db = memoryDb();
    const bad = broken(3, (d) => d.exec('CREATE TABLE highlights (id TEXT)'));
    await expect(migrate(db, { migrations: [MIGRATIONS[0]!, MIGRATIONS[1]!, bad] })).rejects.toThrow('step blew up halfway');
    expect(version(db)).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'highlights'").all()).toEqual([]);
    expect(await migrate(db)).toEqual({ from: 2, to: LATEST_VERSION, backup: null });
  });

  it('refuses a cache written by a newer version, telling the user to update, and leaves it untouched', async () => {
    const db = memoryDb();
    db.exec("CREATE TABLE future (x TEXT); INSERT INTO future VALUES ('from the future')");
    db.pragma('user_version = 999');
    const schema = dump(db);
    const err = await migrate(db, { backupDir: tempDir() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CacheTooNewError);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'cache_too_new', details: { found: 999, supported: LATEST_VERSION } });
    expect((err as Error).message).toMatch(/newer version of Fieldwork/);
    expect((err as Error).message).toMatch(/Update Fieldwork/);
    expect(version(db)).toBe(999);
    expect(dump(db)).toEqual(schema);
    expect(db.prepare('SELECT x FROM future').all()).toEqual([{ x: 'from the future' }]);
  });

  it('refuses a too-new cache file at open, writes no backup and closes the file', async () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const raw = new Database(file);
    raw.exec("CREATE TABLE future (x TEXT); INSERT INTO future VALUES ('keep me')");
    raw.pragma('user_version = 999');
    raw.close();
    await expect(openCacheDb(file)).rejects.toMatchObject({ code: 'cache_too_new' });
    expect(existsSync(join(dir, 'backups'))).toBe(false);
    if (process.platform === 'linux') {
      const fds = readdirSync('/proc/self/fd').map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      });
      expect(fds.filter((f) => f.startsWith(file))).toEqual([]);
    }
    const check = track(new Database(file, { readonly: true }));
    expect(version(check)).toBe(999);
    expect(check.prepare('SELECT x FROM future').all()).toEqual([{ x: 'keep me' }]);
  });

  it('backs up an existing file cache into <dir>/backups before migrating it (v3 → latest)', async () => {
    const dir = tempDir();
    const file = join(dir, 'cache.db');
    const v3 = new Database(file);
    v3.pragma('journal_mode = WAL');
    v3.pragma('foreign_keys = ON');
    await migrate(v3, { migrations: MIGRATIONS.slice(0, 3) });
    v3.exec(`
      INSERT INTO projects (id, title, status) VALUES ('p1', 'Churn', 'STARTED');
      INSERT INTO highlights (id, project_id, interview_id, start_turn, start_offset, end_turn, end_offset, quote, note, created_at, updated_at)
        VALUES ('h1', 'p1', 'i1', 0, 0, 0, 5, 'hello', 'my note', 'now', 'now');
      INSERT INTO highlight_tags (highlight_id, tag) VALUES ('h1', 'pricing');
      INSERT INTO notes (id, project_id, interview_id, body, created_at, updated_at) VALUES ('n1', 'p1', NULL, 'remember this', 'now', 'now');
    `);
    v3.close();

    const { db, migration } = await openCacheDb(file, { now: () => new Date('2025-06-01T12:34:56.789Z') });
    track(db);
    const expected = join(dir, 'backups', 'cache-v3-2025-06-01T12-34-56-789Z.db');
    expect(migration).toEqual({ from: 3, to: LATEST_VERSION, backup: expected });
    expect(readdirSync(join(dir, 'backups'))).toEqual(['cache-v3-2025-06-01T12-34-56-789Z.db']);

    const backup = track(new Database(expected, { readonly: true }));
    expect(backup.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(version(backup)).toBe(3);
    expect(backup.prepare("SELECT name FROM sqlite_master WHERE name = 'videos'").all()).toEqual([]);
    expect(backup.prepare('SELECT id, note FROM highlights').all()).toEqual([{ id: 'h1', note: 'my note' }]);
    expect(backup.prepare('SELECT tag FROM highlight_tags').all()).toEqual([{ tag: 'pricing' }]);
    expect(backup.prepare('SELECT body FROM notes').all()).toEqual([{ body: 'remember this' }]);

    // The live cache is migrated and still holds the same rows.
    expect(version(db)).toBe(LATEST_VERSION);
    expect(db.prepare('SELECT id FROM highlights').all()).toEqual([{ id: 'h1' }]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'videos'").all()).toEqual([{ name: 'videos' }]);
  });

  it('writes no backup for a brand-new file, nor when reopening an up-to-date one', async () => {
    const dir = tempDir();
    const file = join(dir, 'nested', 'cache.db');
    const first = await openCacheDb(file);
    expect(first.migration).toEqual({ from: 0, to: LATEST_VERSION, backup: null });
    first.db.close();
    const second = await openCacheDb(file);
    track(second.db);
    expect(second.migration).toEqual({ from: LATEST_VERSION, to: LATEST_VERSION, backup: null });
    expect(existsSync(join(dir, 'nested', 'backups'))).toBe(false);
  });
});

describe('openCacheDb and withFullSync', () => {
  it('gives every file connection WAL, foreign keys, synchronous=NORMAL and a busy timeout', async () => {
    const file = join(tempDir(), 'cache.db');
    for (let i = 0; i < 2; i++) {
      const { db } = await openCacheDb(file);
      track(db);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    }
  });

  it('gives an in-memory cache foreign keys and NORMAL too', async () => {
    const { db } = await openCacheDb(':memory:');
    track(db);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(version(db)).toBe(LATEST_VERSION);
  });

  it('withFullSync runs the callback in a transaction at FULL and restores NORMAL after', async () => {
    const { db } = await openCacheDb(join(tempDir(), 'cache.db'));
    track(db);
    const inside = withFullSync(db, () => {
      db.prepare("INSERT INTO notes (id, project_id, body, created_at, updated_at) VALUES ('n1', 'p', 'b', 'now', 'now')").run();
      return { sync: db.pragma('synchronous', { simple: true }), tx: db.inTransaction };
    });
    expect(inside).toEqual({ sync: 2, tx: true });
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.prepare('SELECT id FROM notes').all()).toEqual([{ id: 'n1' }]);
  });

  it('withFullSync rolls back and still restores NORMAL when the callback throws', async () => {
    const { db } = await openCacheDb(join(tempDir(), 'cache.db'));
    track(db);
    let seen: unknown = null;
    expect(() =>
      withFullSync(db, () => {
        db.prepare("INSERT INTO notes (id, project_id, body, created_at, updated_at) VALUES ('n1', 'p', 'b', 'now', 'now')").run();
        seen = db.pragma('synchronous', { simple: true });
        throw new Error('user write failed');
      }),
    ).toThrow('user write failed');
    expect(seen).toBe(2);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 0 });
    expect(db.inTransaction).toBe(false);
  });
});

// ---- Schema snapshot (Actual Budget's schema guard; Bruno's hash per applied migration) ----
//
// test/unit/main/cache/schema-snapshot.json holds, for the current code:
//   - `steps`: a hash of the full schema after each migration version. Once a migration has shipped its
//     hash must never change: editing an applied migration makes this test fail, on purpose, because
//     caches in the field already ran the old text and will never run the new one. Change the schema with
//     a NEW migration file instead.
//   - `schema`: the complete sqlite_master dump after all migrations, so a review shows the whole change.
// To record a deliberate change (a new migration appended to migrations/index.ts), run
//     UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run test/unit/main/cache/migrate.test.ts
// and review and commit the JSON diff. The update adds new steps and rewrites `schema`, but still refuses
// to change the hash of an existing step; if an unreleased migration really must be edited, delete its
// entry from `steps` by hand first, which makes the edit explicit in the diff.
const SNAPSHOT = join(__dirname, 'schema-snapshot.json');
type Snapshot = { latestVersion: number; steps: Record<string, string>; schema: SchemaRow[] };

async function currentSnapshot(): Promise<Snapshot> {
  const steps: Record<string, string> = {};
  for (const m of MIGRATIONS) {
    const db = memoryDb();
    await migrate(db, { migrations: MIGRATIONS.filter((x) => x.version <= m.version) });
    steps[String(m.version)] = createHash('sha256')
      .update(JSON.stringify(dump(db)))
      .digest('hex');
    db.close();
  }
  const db = memoryDb();
  await migrate(db);
  const schema = dump(db);
  db.close();
  return { latestVersion: LATEST_VERSION, steps, schema };
}

describe('schema snapshot', () => {
  it('matches the committed schema-snapshot.json: no applied migration was edited', async () => {
    const now = await currentSnapshot();
    const committed = existsSync(SNAPSHOT) ? (JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot) : null;
    if (process.env.UPDATE_SCHEMA_SNAPSHOT) {
      const edited = Object.entries(committed?.steps ?? {}).filter(([v, hash]) => now.steps[v] !== hash);
      expect(edited.map(([v]) => `migration ${v} was edited after it was recorded`)).toEqual([]);
      writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 2)}\n`);
      return;
    }
    expect(committed, 'test/unit/main/cache/schema-snapshot.json is missing; see the comment above this test').not.toBeNull();
    for (const [v, hash] of Object.entries(committed!.steps)) {
      expect(now.steps[v], `the schema after migration ${v} differs from the recorded one: an applied migration was edited`).toBe(hash);
    }
    expect(now.latestVersion, 'a migration was added: record it with UPDATE_SCHEMA_SNAPSHOT=1 (see the comment above)').toBe(committed!.latestVersion);
    expect(now.schema).toEqual(committed!.schema);
  });

  it('the snapshot is sensitive to a change in any step', async () => {
    // Guards the guard: an edit to an applied step (here: one extra column in 0003) changes its hash.
    const hashOf = async (ms: readonly Migration[]) => {
      const db = memoryDb();
      await migrate(db, { migrations: ms });
      return createHash('sha256')
        .update(JSON.stringify(dump(db)))
        .digest('hex');
    };
    const edited = MIGRATIONS.slice(0, 3).map((m) =>
      m.version === 3 ? { ...m, up: (d: Database.Database) => (m.up(d), d.exec('ALTER TABLE highlights ADD COLUMN colour TEXT')) } : m,
    );
    expect(await hashOf(edited)).not.toBe(await hashOf(MIGRATIONS.slice(0, 3)));
  });
});

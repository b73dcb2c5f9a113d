// What search keeps between keystrokes (question lists, prefix completions) is forgotten whenever the data may
// have changed: the stamp moves on a write by this connection and on a commit by another one (the CLI, a
// second window), and only then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, expect, it } from 'vitest';
import { dataStamp, stampedMemo } from '../../../../src/main/cache/queries/data-stamp';

const dir = mkdtempSync(join(tmpdir(), 'fieldwork-stamp-'));
const open: Database.Database[] = [];
afterEach(() => open.splice(0).forEach((db) => db.close()));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function twoConnections() {
  const file = join(dir, `s-${++n}.db`);
  const a = new Database(file);
  a.pragma('journal_mode = WAL');
  a.exec('CREATE TABLE t (x)');
  const b = new Database(file);
  open.push(a, b);
  return { a, b };
}

it('moves on a write by this connection and on a commit by another, and not on reads', () => {
  const { a, b } = twoConnections();
  const first = dataStamp(a);
  a.prepare('SELECT count(*) FROM t').get();
  b.prepare('SELECT count(*) FROM t').get();
  expect(dataStamp(a)).toBe(first);
  a.exec('INSERT INTO t VALUES (1)');
  const mine = dataStamp(a);
  expect(mine).not.toBe(first);
  b.exec('INSERT INTO t VALUES (2)');
  expect(dataStamp(a)).not.toBe(mine);
});

it('a stamped memo forgets everything when the stamp moves, and keeps at most its size', () => {
  const { a, b } = twoConnections();
  const memo = stampedMemo<number>(2);
  memo(a).set('x', 1);
  expect(memo(a).get('x')).toBe(1);
  b.exec('INSERT INTO t VALUES (1)');
  expect(memo(a).get('x')).toBeUndefined();
  const m = memo(a);
  m.set('p', 1);
  m.set('q', 2);
  m.set('r', 3);
  expect([m.get('p'), m.get('q'), m.get('r')]).toEqual([undefined, 2, 3]);
});

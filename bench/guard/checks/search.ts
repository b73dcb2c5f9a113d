import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { GuardCheck } from '../check';
import type { Fixture } from '../fixture';

/**
 * A fixed handful of what researchers type (one of each kind of the bench's mix, bench/rows/search.ts),
 * through the app's search in the cache worker, against the raw FTS5 query for the same words over the same
 * turns. The raw index is the guard's own (built from the cache's transcript_turns into a file beside it,
 * with the cache's tokenizer), so it does not change when the search's own tables do.
 */
export const SEARCH_LIMIT = 2.2;
const LIMIT = 50;

/** Each query as the search box gets it, and the plain FTS5 expression for the same words. */
export const GUARD_QUERIES: { query: string; fts: string }[] = [
  { query: 'price', fts: '"price"' },
  { query: 'delivery', fts: '"delivery"' },
  { query: 'refund', fts: '"refund"' },
  { query: 'delivery window', fts: '"delivery" "window"' },
  { query: 'busy evenings', fts: '"busy" "evenings"' },
  { query: 'pric', fts: '"pric"*' },
  { query: 'the delivery wi', fts: '"the" "delivery" "wi"*' },
  { query: '"too much plastic"', fts: '"too much plastic"' },
];

export const searchCheck = (f: Fixture, dir: string): GuardCheck => ({
  id: 'search',
  contender: `search.query ×${GUARD_QUERIES.length}`,
  baseline: 'raw FTS5 MATCH',
  limit: SEARCH_LIMIT,
  plan: { pairs: 21, minPairs: 7, budgetMs: 6_000 },
  prepare: async () => {
    const raw = new Database(join(dir, 'raw-fts.db'));
    raw.exec(`CREATE VIRTUAL TABLE raw_fts USING fts5(text, tokenize='unicode61 remove_diacritics 2')`);
    raw.prepare('ATTACH DATABASE ? AS c').run(f.cacheFile);
    raw.exec('INSERT INTO raw_fts(rowid, text) SELECT id, text FROM c.transcript_turns');
    raw.exec('DETACH DATABASE c');
    const stmt = raw.prepare('SELECT rowid, text FROM raw_fts WHERE raw_fts MATCH ? ORDER BY rank LIMIT ?');
    // The first search indexes whatever the sync left unindexed; it is the warm-up, not a sample.
    await f.cache.call('search.query', { query: 'warm', limit: LIMIT });
    let hits = 0;
    return {
      contender: async () => {
        for (const q of GUARD_QUERIES) hits += (await f.cache.call('search.query', { query: q.query, limit: LIMIT })).length;
      },
      baseline: () => {
        for (const q of GUARD_QUERIES) hits += stmt.all(q.fts, LIMIT).length;
      },
      close: async () => {
        raw.close();
        if (hits === 0) throw new Error('Neither the search nor the raw FTS query found anything: the guard measured nothing.');
      },
    };
  },
});

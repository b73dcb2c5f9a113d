import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors';
import { serializeError } from './cache';
import { createIdleIndexer, INDEX_IDLE_MS, INDEX_STEP_ROWS } from './idle-indexer';
import { realTimers } from '../timers';
import { indexBacklog } from './queries/search-index';
import { cacheOps } from './ops';
import { openCacheDb, type CacheDb } from './open';
import { packResult } from './wire';

/** The cache thread: owns the SQLite connection and runs one operation at a time, in arrival order. */
const port = parentPort!;
const { file, nativeBinding } = workerData as { file: string; nativeBinding?: string };

void (async () => {
  let db: CacheDb;
  try {
    db = (await openCacheDb(file, { nativeBinding })).db;
  } catch (e) {
    port.postMessage({ type: 'fatal', error: serializeError(e) });
    process.exit(1);
  }
  const indexer = createIdleIndexer({ step: () => indexBacklog(db, { maxRows: INDEX_STEP_ROWS }), timers: realTimers, idleMs: INDEX_IDLE_MS });
  port.on('message', (m: { type?: 'close'; id: number; op: string; args: unknown }) => {
    if (m.type === 'close') {
      indexer.stop();
      db.close();
      process.exit(0);
    }
    try {
      const fn = (cacheOps as Record<string, (db: CacheDb, a: unknown) => unknown>)[m.op];
      if (!fn) throw new AppError('unknown_cache_op', `Unknown cache operation ${m.op}.`);
      port.postMessage({ type: 'result', id: m.id, ok: true, value: packResult(m.op, fn(db, m.args)) });
    } catch (e) {
      port.postMessage({ type: 'result', id: m.id, ok: false, error: serializeError(e) });
    }
    // Only writes of turns hold indexing back (a sync is under way); reads never starve it.
    if (m.op === 'interviews.saveFullRecords') indexer.touch();
  });
  // A backlog left by the last session (the app quit mid-way) is picked up once the cache is quiet.
  indexer.touch();
  port.postMessage({ type: 'ready' });
})();

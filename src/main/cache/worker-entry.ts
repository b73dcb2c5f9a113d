import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors';
import { serializeError } from './cache';
import { cacheOps } from './ops';
import { openCacheDb, type CacheDb } from './open';

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
  port.on('message', (m: { type?: 'close'; id: number; op: string; args: unknown }) => {
    if (m.type === 'close') {
      db.close();
      process.exit(0);
    }
    try {
      const fn = (cacheOps as Record<string, (db: CacheDb, a: unknown) => unknown>)[m.op];
      if (!fn) throw new AppError('unknown_cache_op', `Unknown cache operation ${m.op}.`);
      port.postMessage({ type: 'result', id: m.id, ok: true, value: fn(db, m.args) });
    } catch (e) {
      port.postMessage({ type: 'result', id: m.id, ok: false, error: serializeError(e) });
    }
  });
  port.postMessage({ type: 'ready' });
})();

import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import { cacheOps, type OpArgs, type OpName, type OpResult } from './ops';
import { openCacheDb, type CacheDb, type OpenOptions } from './open';
import { unpackResult } from './wire';

/** One workspace's cache, however it is hosted. Every operation is async, so hosting can change freely. */
export type Cache = {
  readonly file: string;
  call<K extends OpName>(op: K, ...args: OpArgs<K> extends undefined ? [] : [OpArgs<K>]): Promise<OpResult<K>>;
  close(): Promise<void>;
};

export type SerializedError = { name: string; code: string; message: string; details: Record<string, unknown> };

export function serializeError(e: unknown): SerializedError {
  if (e instanceof AppError) return { name: e.name, code: e.code, message: e.message, details: e.details };
  const message = e instanceof Error ? e.message : String(e);
  return { name: 'Error', code: 'cache_error', message, details: {} };
}

export function reviveError(e: SerializedError): Error {
  return e.name === 'Error' && e.code === 'cache_error'
    ? new AppError('cache_error', `The offline cache failed: ${e.message}`)
    : new AppError(e.code, e.message, e.details);
}

function run(db: CacheDb, op: string, args: unknown): unknown {
  const fn = (cacheOps as Record<string, (db: CacheDb, a: unknown) => unknown>)[op];
  if (!fn) throw new AppError('unknown_cache_op', `Unknown cache operation ${op}.`);
  return fn(db, args);
}

/** The cache on this thread: for tests and one-off tools. */
export async function openInProcessCache(file: string, opts: OpenOptions = {}): Promise<Cache & { db: CacheDb }> {
  const { db } = await openCacheDb(file, opts);
  return {
    file,
    db,
    call: async (op, ...args) => {
      try {
        return run(db, op, args[0]) as never;
      } catch (e) {
        throw reviveError(serializeError(e));
      }
    },
    close: async () => {
      if (db.open) db.close();
    },
  };
}

export type WorkerLocation = { path: string; execArgv?: string[] };

type Pending = { op: string; resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * The cache thread's young generation is capped. A sync's page write turns into some 28,000 short-lived
 * strings and numbers (the turns' cells) that are bound and dropped at once; at V8's default the thread let
 * its young generation grow to hold many pages' worth of that garbage, about 20 MB more peak memory for a
 * first sync of 10,000 interviews, with no measurable gain in speed. What the thread keeps (statements,
 * results being sent) is far smaller than the cap.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16 };

/**
 * The cache in its own thread, so a long search or a big page write never stalls the main process
 * (which is the app's window). If the thread dies, every waiting call fails with a clear error and the
 * next call starts a fresh thread.
 */
export async function openWorkerCache(file: string, where: WorkerLocation, opts: { nativeBinding?: string | undefined } = {}): Promise<Cache> {
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  let closing = false;
  let seq = 0;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function start(): Promise<void> {
    const w = new Worker(where.path, {
      workerData: { file, nativeBinding: opts.nativeBinding },
      resourceLimits: WORKER_LIMITS,
      ...(where.execArgv ? { execArgv: where.execArgv } : {}),
    });
    worker = w;
    return new Promise<void>((resolve, reject) => {
      w.on(
        'message',
        (
          m:
            | { type: 'ready' }
            | { type: 'fatal'; error: SerializedError }
            | { type: 'result'; id: number; ok: boolean; value?: unknown; error?: SerializedError },
        ) => {
          if (m.type === 'ready') return resolve();
          if (m.type === 'fatal') return reject(reviveError(m.error));
          const p = pending.get(m.id);
          if (!p) return;
          pending.delete(m.id);
          if (!m.ok) return p.reject(reviveError(m.error!));
          try {
            p.resolve(unpackResult(p.op, m.value));
          } catch (e) {
            p.reject(reviveError(serializeError(e)));
          }
        },
      );
      const died = (why: string) => {
        if (worker === w) {
          worker = null;
          ready = null;
        }
        if (!closing) failAll(new AppError('cache_worker_crashed', `The offline cache stopped unexpectedly (${why}). Try again; it restarts on its own.`));
        reject(new AppError('cache_worker_crashed', `The offline cache could not start (${why}).`));
      };
      w.on('error', (e) => died(e.message));
      w.on('exit', (code) => died(`exit code ${code}`));
    });
  }

  ready = start();
  await ready;
  return {
    file,
    async call(op, ...args) {
      if (closing) throw new AppError('cache_closed', 'This workspace was closed.');
      ready ??= start();
      await ready;
      const id = ++seq;
      return new Promise((resolve, reject) => {
        pending.set(id, { op, resolve: resolve as (v: unknown) => void, reject });
        worker!.postMessage({ id, op, args: args[0] });
      });
    },
    async close() {
      closing = true;
      const w = worker;
      if (!w) return;
      await new Promise<void>((resolve) => {
        w.once('exit', () => resolve());
        w.postMessage({ type: 'close' });
      });
      failAll(new AppError('cache_closed', 'This workspace was closed.'));
    },
  };
}

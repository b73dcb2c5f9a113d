import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Bundles } from './build';
import type { RssReport } from './types';

let bundles: Bundles | null = null;
/** Set once by run.ts after building: contenders then run as plain Node on bundled JS. */
export function useBundles(b: Bundles): void {
  bundles = b;
}

export type ChildResult<R> = { value: R; rss: RssReport; pid: number };

const live = new Set<ChildProcess>();

/** Stops every contender child still running (on Ctrl+C or a failure), each by its own PID. */
export function killContenders(): void {
  for (const c of live) if (c.pid !== undefined && c.exitCode === null) process.kill(c.pid, 'SIGKILL');
  live.clear();
}

/**
 * Runs `exportName` of `modulePath` (relative to the repo root) in a fresh Node process, from the bundle
 * built for it (plain Node, as an app runs), and returns its result and RSS report. The child prints its
 * own errors; a failure rejects here.
 */
export function runInChild<R>(
  root: string,
  modulePath: string,
  exportName: string,
  args: unknown,
  opts: { timeoutMs?: number; cpuProfDir?: string | null; label?: string } = {},
): Promise<ChildResult<R>> {
  if (!bundles) throw new Error('buildBundles/useBundles must run before any contender');
  const execArgv: string[] = [];
  // One folder per contender: Node names each thread's profile itself (the cache worker gets its own).
  if (opts.cpuProfDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${join(opts.cpuProfDir, (opts.label ?? exportName).replace(/[^\w.-]+/g, '_'))}`);
  const child = fork(bundles.childEntry, [bundles.module(modulePath), exportName, JSON.stringify(args)], {
    cwd: root,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  return new Promise((resolve, reject) => {
    let message: { ok: true; value: R; rss: RssReport } | { ok: false; error: string } | null = null;
    const timer = setTimeout(
      () => {
        if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
        reject(new Error(`${opts.label ?? exportName} took longer than ${opts.timeoutMs} ms and was stopped.`));
      },
      opts.timeoutMs ?? 10 * 60_000,
    );
    child.on('message', (m) => {
      message = m as typeof message;
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      live.delete(child);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      if (message?.ok) resolve({ value: message.value, rss: message.rss, pid: child.pid! });
      else if (message) reject(new Error(`${opts.label ?? exportName} failed:\n${message.error}`));
      else reject(new Error(`${opts.label ?? exportName} exited (${signal ?? `code ${code}`}) without a result.`));
    });
  });
}

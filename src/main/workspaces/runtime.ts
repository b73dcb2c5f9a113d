import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../api/client';
import type { Cache } from '../cache/cache';
import type { EventHub } from '../events';
import { ReportPoller } from '../jobs/report-poller';
import { realTimers, type Timers } from '../timers';
import type { Logger } from '../logging/logger';
import { VideoStore } from '../media/video-store';
import type { SettingsStore } from '../settings';
import { SyncEngine, type SyncProgress, type SyncResult } from '../sync/engine';
import { Scheduler } from '../jobs/scheduler';
import type { WorkspaceService } from './service';

export type OpenCache = (file: string) => Promise<Cache>;

import { workspaceDir } from './paths';

/**
 * Everything that belongs to one open workspace: its own cache file (organisations never share one),
 * sync, report polls, offline videos and schedule. Work in flight runs under the runtime's abort
 * signal, so closing or switching away stops it.
 */
export class WorkspaceRuntime {
  readonly cache: Cache;
  readonly sync: SyncEngine;
  readonly poller: ReportPoller;
  readonly videos: VideoStore;
  readonly scheduler: Scheduler;
  private abort = new AbortController();
  /** The sync in flight's own switch, so Cancel stops that sync without stopping report polls or downloads. */
  private syncAbort: AbortController | null = null;
  lastProgress: SyncProgress | null = null;

  constructor(
    readonly id: string,
    cache: Cache,
    private readonly d: RuntimeDeps,
  ) {
    this.cache = cache;
    const client = () => d.workspaces.client(id);
    this.sync = new SyncEngine({
      client: lazyClient(client),
      cache,
      log: d.log,
      onProgress: (p) => {
        this.lastProgress = p;
        d.events.emit('sync.progress', { workspace_id: id, ...p });
      },
    });
    this.poller = new ReportPoller({
      client: lazyClient(client),
      cache,
      log: d.log,
      timers: d.timers ?? realTimers,
      ...(d.reportPollMs ? { intervalMs: d.reportPollMs } : {}),
      onDone: (e) => d.events.emit('reports.done', { workspace_id: id, project_id: e.project_id, state: e.state }),
    });
    this.videos = new VideoStore({
      dir: join(workspaceDir(d.dataDir, id), 'videos'),
      cache,
      client,
      quotaBytes: () => d.settings.get().video_quota_mb * 1024 * 1024,
      log: d.log,
    });
    this.scheduler = new Scheduler(() => this.runSync(), d.settings.get().sync_interval_minutes * 60_000, d.timers ?? realTimers);
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Runs (or joins) a sync and tells the renderer how it went. */
  async runSync(projectIds?: string[]): Promise<SyncResult> {
    // A call that joins a running sync shares that sync's switch.
    if (!this.sync.isRunning) this.syncAbort = new AbortController();
    const own = this.syncAbort!;
    const signal = AbortSignal.any([this.abort.signal, own.signal]);
    try {
      const result = await this.sync.run({ signal, ...(projectIds ? { projectIds } : {}) });
      for (const n of result.new_complete) {
        this.d.events.emit('interviews.completed', { workspace_id: this.id, project_id: n.project_id, count: n.interview_ids.length });
      }
      this.d.events.emit('sync.finished', {
        workspace_id: this.id,
        ok: result.issues.length === 0,
        message: result.issues[0]?.message ?? null,
        offline: false,
      });
      return result;
    } catch (e) {
      const offline = (e as { status?: number }).status === 0 && (e as { code?: string }).code !== 'aborted';
      const message = own.signal.aborted ? 'Sync cancelled. What it had already fetched is saved.' : e instanceof Error ? e.message : 'Sync failed.';
      this.d.events.emit('sync.finished', { workspace_id: this.id, ok: false, message, offline });
      throw e;
    }
  }

  /** Stops the sync in flight, if any; what it already saved stays, and the next sync picks up from there. */
  cancelSync(): boolean {
    if (!this.sync.isRunning || !this.syncAbort) return false;
    this.syncAbort.abort();
    return true;
  }

  /** Stops everything in flight (a switch to another workspace); the runtime stays usable. */
  interrupt(): void {
    this.abort.abort();
    this.abort = new AbortController();
    this.scheduler.stop();
  }

  async close(): Promise<void> {
    this.interrupt();
    this.poller.stop();
    await this.cache.close();
  }
}

export type RuntimeDeps = {
  dataDir: string;
  workspaces: WorkspaceService;
  openCache: OpenCache;
  events: EventHub;
  settings: SettingsStore;
  log: Logger;
  timers?: Timers;
  /** Tests only (CoreOptions.reportPollMs): the report poller's interval. */
  reportPollMs?: number;
};

export class RuntimeManager {
  private runtimes = new Map<string, Promise<WorkspaceRuntime>>();
  private activeId: string | null = null;

  constructor(private readonly d: RuntimeDeps) {}

  get active(): string | null {
    return this.activeId;
  }

  get(id: string): Promise<WorkspaceRuntime> {
    this.d.workspaces.get(id);
    let r = this.runtimes.get(id);
    if (!r) {
      r = (async () => {
        const cache = await this.d.openCache(join(workspaceDir(this.d.dataDir, id), 'cache.db'));
        const runtime = new WorkspaceRuntime(id, cache, this.d);
        await runtime.poller.resume();
        return runtime;
      })();
      r.catch(() => this.runtimes.delete(id));
      this.runtimes.set(id, r);
    }
    return r;
  }

  /** Makes a workspace the one in use: the previous one's work in flight is cancelled and its schedule stopped. */
  async activate(id: string): Promise<WorkspaceRuntime> {
    if (this.activeId && this.activeId !== id) (await this.runtimes.get(this.activeId))?.interrupt();
    this.activeId = id;
    const runtime = await this.get(id);
    runtime.scheduler.setInterval(this.d.settings.get().sync_interval_minutes * 60_000);
    runtime.scheduler.start();
    return runtime;
  }

  /** Forgets a workspace: its key, and if asked, its cache, videos and backups too. */
  async remove(id: string, purge: boolean): Promise<void> {
    const r = this.runtimes.get(id);
    this.runtimes.delete(id);
    if (r) await (await r).close();
    if (this.activeId === id) this.activeId = null;
    await this.d.workspaces.remove(id);
    const dir = workspaceDir(this.d.dataDir, id);
    if (purge && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }

  async closeAll(): Promise<void> {
    const all = [...this.runtimes.values()];
    this.runtimes.clear();
    await Promise.all(all.map(async (r) => (await r.catch(() => null))?.close()));
  }
}

/** The sync engine and poller get a client that resolves the workspace's current one on each call. */
function lazyClient(get: () => Promise<ApiClient>): ApiClient {
  return new Proxy({} as ApiClient, {
    get: (_t, prop: string) => {
      if (prop === 'then') return undefined;
      return async (...args: unknown[]) => {
        const client = await get();
        const fn = (client as unknown as Record<string, (...a: unknown[]) => unknown>)[prop]!;
        return fn(...args);
      };
    },
  });
}

import { join } from 'node:path';
import { ipcContract, type IpcContract } from '../shared/ipc/contract';
import { createApiClient } from './api/client';
import { openInProcessCache, openWorkerCache, type WorkerLocation } from './cache/cache';
import { ExportFolders } from './desktop/export-folders';
import { studyRedactor, type RedactorFor } from './redaction/redactor-for';
import { createNotifier, type Notifier } from './desktop/notifier';
import { createMemoryDesktop, type DesktopPorts } from './desktop/ports';
import { DemoService } from './demo/demo-service';
import { AppError } from './errors';
import { EventHub } from './events';
import { createDispatcher, typedCall, type CoreCall, type Dispatch, type HandlerMap } from './ipc/dispatcher';
import { buildHandlers } from './ipc/registry';
import { JobRegistry } from './jobs/job-registry';
import { composeNotices } from './jobs/notices';
import type { Timers } from './timers';
import type { Logger } from './logging/logger';
import { serveVideo, type MediaResponse } from './media/media-route';
import { PickedFiles } from './media/picked-files';
import { createServices, type ServiceDeps, type Services } from './services';
import { serveStimulusMedia } from './media/stimulus-media';
import type { SecretStore } from './secrets/secret-store';
import { SettingsStore } from './settings';
import { WebhookService } from './webhooks';
import { WorkspaceRegistry } from './workspaces/registry';
import { workspaceDir } from './workspaces/paths';
import { RuntimeManager } from './workspaces/runtime';
import { WorkspaceService } from './workspaces/service';

export type CoreOptions = {
  dataDir: string;
  mediaDir: string;
  secrets: SecretStore;
  log: Logger;
  version: string;
  platform: string;
  /** better-sqlite3 built for Electron's ABI, when running inside Electron from a dev checkout. */
  sqliteBinding?: string | undefined;
  /** Where the cache worker script is; without it the cache runs on this thread (tests). */
  cacheWorker?: WorkerLocation;
  /** How the renderer addresses a video: fieldwork-media: in Electron, a same-origin path in the test host. */
  mediaUrl?: (workspaceId: string, interviewId: string) => string;
  timers?: Timers;
  /**
   * Tests only: how often report polls check the service (the poller's own 10 s otherwise), so a test waits on
   * the report's state rather than on the spec's interval. Never set by the app.
   */
  reportPollMs?: number;
  /**
   * Tests only: the first step of the API client's retry backoff (500 ms otherwise; the same attempts, each step
   * twice the last), so a test against a stopped or failing service waits on the failure, not on seconds of backoff.
   */
  retryBaseDelayMs?: number;
  /** Run the optional webhook receiver (the app does; a one-off CLI command must not take its port). */
  webhooks?: boolean;
  /** The Electron shell sets a native menu whose accelerators send the app's shortcuts (`app.command`). */
  nativeMenu?: boolean;
  /** Clipboard and OS notifications; in memory when not given (test host, CLI). */
  desktop?: DesktopPorts;
  /** A study's redactor for redacted exports; the real one (redactor-for.ts) unless a test gives its own. */
  redactorFor?: RedactorFor;
  /** The media core clips are cut with (clips/media-fns.ts) unless a test gives a stand-in. */
  clipMedia?: ServiceDeps['clipMedia'];
};

export type Core = {
  /** Untyped, for transports that carry a channel name and a payload (Electron's IPC, the test host's bridge). */
  dispatch: Dispatch;
  /** The typed way to call the core (tests): a failure throws an AppError with the channel's code. */
  call: CoreCall<IpcContract>;
  /** Every domain service (services.ts), the same instances the IPC handlers call: the CLI's one way in. */
  services: Services;
  events: EventHub;
  workspaces: WorkspaceService;
  runtimes: RuntimeManager;
  demo: DemoService;
  settings: SettingsStore;
  webhooks: WebhookService;
  desktop: DesktopPorts;
  /** OS notifications behind the Notifications setting; reuse it for any other "done" notice. */
  notifier: Notifier;
  /** Folders Fieldwork exported into: the export feature registers them, "Show in folder" checks them. */
  exports: ExportFolders;
  /** Files the researcher picked or dropped, registered by the preload (or the test host) for a token. */
  pickedFiles: PickedFiles;
  /** Serves `video/<workspace>/<interview>` and `stimulus/<workspace>/<project>/<stimulus>` for the media protocol (Electron) or route (test host). */
  serveMedia(path: string, range: string | undefined): Promise<MediaResponse>;
  close(): Promise<void>;
};

/** The media route's root: whatever precedes `video/<w>/<i>` in mediaUrl (the same route serves stimuli). */
function mediaRootOf(mediaUrl: (w: string, i: string) => string): string {
  const probe = mediaUrl('w', 'i');
  return probe.endsWith('video/w/i') ? probe.slice(0, -'video/w/i'.length) : 'fieldwork-media://';
}

/** The "done" notices (report ready, sync finished…), with the titles they name read from the cache. */
function startNotices(o: CoreOptions, events: EventHub, notifier: Notifier, runtimes: RuntimeManager): () => void {
  return composeNotices({
    events,
    notifier,
    log: o.log,
    ...(o.timers ? { timers: o.timers } : {}),
    projectTitle: async (w, p) => (await (await runtimes.get(w)).cache.call('projects.get', { id: p }))?.title ?? null,
    reportFacts: async (w, p) => {
      const cache = (await runtimes.get(w)).cache;
      const [project, report] = await Promise.all([cache.call('projects.get', { id: p }), cache.call('reports.get', { projectId: p })]);
      return { title: project?.title ?? null, themes: report ? report.themes.length : null, analysed: report?.interviews_analysed ?? null };
    },
  });
}

/** Serves `video/<workspace>/<interview>` and `stimulus/<workspace>/<project>/<stimulus>` from a workspace's files. */
function mediaServer(runtimes: RuntimeManager, stimulusDir: (workspaceId: string) => string): Core['serveMedia'] {
  return async (path, range) => {
    const st = /^stimulus\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
    if (st) {
      const w = decodeURIComponent(st[1]!);
      const runtime = await runtimes.get(w);
      return serveStimulusMedia({ dir: stimulusDir(w), cache: runtime.cache }, decodeURIComponent(st[2]!), decodeURIComponent(st[3]!), range);
    }
    const m = /^video\/([^/]+)\/([^/]+)$/.exec(path);
    if (!m) throw new AppError('not_found', 'No such media.');
    const runtime = await runtimes.get(decodeURIComponent(m[1]!));
    return serveVideo(runtime.videos, decodeURIComponent(m[2]!), range);
  };
}

/** Workspaces, their runtimes (caches, sync) and the demo, wired to each other. */
function openWorkspaces(o: CoreOptions, events: EventHub, settings: SettingsStore) {
  const baseDelayMs = o.retryBaseDelayMs;
  const workspaces = new WorkspaceService(
    new WorkspaceRegistry(join(o.dataDir, 'workspaces.json')),
    o.secrets,
    o.log,
    baseDelayMs ? (c) => createApiClient({ ...c, retry: { ...c.retry, baseDelayMs } }) : undefined,
  );
  const demo = new DemoService({ dataDir: o.dataDir, mediaDir: o.mediaDir, nativeBinding: o.sqliteBinding, log: o.log }, workspaces, o.secrets);
  workspaces.beforeUse = async (w) => {
    if (w.is_demo && demo.baseUrl === null) await demo.start();
  };
  const openCache = (file: string) =>
    o.cacheWorker ? openWorkerCache(file, o.cacheWorker, { nativeBinding: o.sqliteBinding }) : openInProcessCache(file, { nativeBinding: o.sqliteBinding });
  const runtimes = new RuntimeManager({
    dataDir: o.dataDir,
    workspaces,
    openCache,
    events,
    settings,
    log: o.log,
    ...(o.timers ? { timers: o.timers } : {}),
    ...(o.reportPollMs ? { reportPollMs: o.reportPollMs } : {}),
  });
  return { workspaces, demo, runtimes };
}

/**
 * The main process without Electron: every service and every IPC handler, wired once. The Electron
 * shell (shell/app.ts), the browser test host and the CLI all run exactly this.
 */
export function createCore(o: CoreOptions): Core {
  const events = new EventHub();
  const desktop = o.desktop ?? createMemoryDesktop();
  const settings = new SettingsStore(join(o.dataDir, 'settings.json'));
  const { workspaces, demo, runtimes } = openWorkspaces(o, events, settings);
  const jobs = new JobRegistry();
  const notifier = createNotifier({ desktop, enabled: () => settings.get().notifications });
  const exportFolders = new ExportFolders(join(o.dataDir, 'export-folders.json'));
  const redactorFor = o.redactorFor ?? studyRedactor(o.secrets);
  const stopNotices = startNotices(o, events, notifier, runtimes);
  const webhooks = new WebhookService({ settings, secrets: o.secrets, workspaces, runtimes, events, log: o.log });
  const mediaUrl = o.mediaUrl ?? ((w, i) => `fieldwork-media://video/${encodeURIComponent(w)}/${encodeURIComponent(i)}`);
  const mediaRoot = mediaRootOf(mediaUrl);
  const pickedFiles = new PickedFiles();
  /** Where the media route keeps a workspace's stimulus files. */
  const stimulusDir = (workspaceId: string) => join(workspaceDir(o.dataDir, workspaceId), 'stimuli');
  const deps = { workspaces, runtimes, events, jobs, settings, secrets: o.secrets, log: o.log, mediaUrl };
  const services = createServices({
    ...deps,
    dataDir: o.dataDir,
    demo,
    desktop,
    exportFolders,
    notifier,
    pickedFiles,
    redactorFor,
    mediaRoute: (relative: string) => mediaRoot + relative,
    stimulusDir,
    ...(o.clipMedia ? { clipMedia: o.clipMedia } : {}),
  });
  const handlers = buildHandlers({
    ...deps,
    webhookPort: () => webhooks.listeningPort,
    onSettingsChanged: async () => {
      if (o.webhooks !== false) await webhooks.apply();
      const active = runtimes.active;
      if (active) (await runtimes.get(active)).scheduler.setInterval(settings.get().sync_interval_minutes * 60_000);
    },
    version: o.version,
    platform: o.platform,
    nativeMenu: o.nativeMenu ?? false,
    desktop,
    exportFolders,
    pickedFiles,
    services,
  });
  const dispatch = createDispatcher<IpcContract>(ipcContract, handlers satisfies HandlerMap<IpcContract>, o.log);
  if (o.webhooks !== false) void webhooks.apply();
  return {
    dispatch,
    call: typedCall<IpcContract>(dispatch),
    services,
    events,
    workspaces,
    runtimes,
    demo,
    settings,
    webhooks,
    desktop,
    notifier,
    exports: exportFolders,
    pickedFiles,
    serveMedia: mediaServer(runtimes, stimulusDir),
    close: async () => {
      stopNotices();
      jobs.cancelAll();
      await webhooks.stop();
      await runtimes.closeAll();
      await workspaces.close();
      await demo.close();
    },
  };
}

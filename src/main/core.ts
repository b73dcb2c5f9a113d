import { join } from 'node:path';
import { ipcContract, type IpcContract } from '../shared/ipc/contract';
import { openInProcessCache, openWorkerCache, type WorkerLocation } from './cache/cache';
import type { ClipMediaFns } from './clips/export';
import { ExportFolders } from './desktop/export-folders';
import { createExportService } from './exports/export-service';
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
import { createStimulusService } from './media/stimulus-service';
import { serveStimulusMedia } from './media/stimulus-media';
import type { SecretStore } from './secrets/secret-store';
import { SettingsStore } from './settings';
import { createEmbedService } from './share/embed';
import { createStudyAuthoring } from './studies/authoring';
import { createLauncher } from './studies/launch';
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
  /** Run the optional webhook receiver (the app does; a one-off CLI command must not take its port). */
  webhooks?: boolean;
  /** The Electron shell sets a native menu whose accelerators send the app's shortcuts (`app.command`). */
  nativeMenu?: boolean;
  /** Clipboard and OS notifications; in memory when not given (test host, CLI). */
  desktop?: DesktopPorts;
  /** A study's redactor for redacted exports; the real one (redactor-for.ts) unless a test gives its own. */
  redactorFor?: RedactorFor;
  /** The media core clips are cut with (clips/media-fns.ts) unless a test gives a stand-in. */
  clipMedia?: () => Promise<ClipMediaFns>;
};

export type Core = {
  /** Untyped, for transports that carry a channel name and a payload (Electron's IPC, the test host's bridge). */
  dispatch: Dispatch;
  /** The typed way to call the core (CLI, tests): a failure throws an AppError with the channel's code. */
  call: CoreCall<IpcContract>;
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
  /** A study's redactor, for the CLI's `export --redact`: the same one the export service uses. */
  redactorFor: RedactorFor;
  /** Files the researcher picked or dropped, registered by the preload (or the test host) for a token. */
  pickedFiles: PickedFiles;
  /** Serves `video/<workspace>/<interview>` and `stimulus/<workspace>/<project>/<stimulus>` for the media protocol (Electron) or route (test host). */
  serveMedia(path: string, range: string | undefined): Promise<MediaResponse>;
  close(): Promise<void>;
};

/**
 * The main process without Electron: every service and every IPC handler, wired once. The Electron
 * shell (shell/app.ts), the browser test host and the CLI all run exactly this.
 */
// eslint-disable-next-line max-lines-per-function -- split by door (issue 20)
export function createCore(o: CoreOptions): Core {
  const events = new EventHub();
  const desktop = o.desktop ?? createMemoryDesktop();
  const workspaces = new WorkspaceService(new WorkspaceRegistry(join(o.dataDir, 'workspaces.json')), o.secrets, o.log);
  const settings = new SettingsStore(join(o.dataDir, 'settings.json'));
  const demo = new DemoService({ dataDir: o.dataDir, mediaDir: o.mediaDir, nativeBinding: o.sqliteBinding, log: o.log }, workspaces, o.secrets);
  workspaces.beforeUse = async (w) => {
    if (w.is_demo && demo.baseUrl === null) await demo.start();
  };
  const openCache = (file: string) =>
    o.cacheWorker ? openWorkerCache(file, o.cacheWorker, { nativeBinding: o.sqliteBinding }) : openInProcessCache(file, { nativeBinding: o.sqliteBinding });
  const runtimes = new RuntimeManager({ dataDir: o.dataDir, workspaces, openCache, events, settings, log: o.log, ...(o.timers ? { timers: o.timers } : {}) });
  const jobs = new JobRegistry();
  const notifier = createNotifier({ desktop, enabled: () => settings.get().notifications });
  const exportFolders = new ExportFolders(join(o.dataDir, 'export-folders.json'));
  const redactorFor = o.redactorFor ?? studyRedactor(o.secrets);
  const stopNotices = composeNotices({
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
  const webhooks = new WebhookService({ settings, secrets: o.secrets, workspaces, runtimes, events, log: o.log });
  const mediaUrl = o.mediaUrl ?? ((w, i) => `fieldwork-media://video/${encodeURIComponent(w)}/${encodeURIComponent(i)}`);
  // The same media route serves stimuli; its root is whatever precedes `video/<w>/<i>` in mediaUrl.
  const probe = mediaUrl('w', 'i');
  const mediaRoot = probe.endsWith('video/w/i') ? probe.slice(0, -'video/w/i'.length) : 'fieldwork-media://';
  const deps = {
    workspaces,
    runtimes,
    events,
    jobs,
    settings,
    secrets: o.secrets,
    log: o.log,
    mediaUrl,
    webhookPort: () => webhooks.listeningPort,
    onSettingsChanged: async () => {
      if (o.webhooks !== false) await webhooks.apply();
      const active = runtimes.active;
      if (active) (await runtimes.get(active)).scheduler.setInterval(settings.get().sync_interval_minutes * 60_000);
    },
  };
  const pickedFiles = new PickedFiles();
  /** Where the media route keeps a workspace's stimulus files. */
  const stimulusDir = (workspaceId: string) => join(workspaceDir(o.dataDir, workspaceId), 'stimuli');
  const handlers = buildHandlers({
    ...deps,
    version: o.version,
    platform: o.platform,
    nativeMenu: o.nativeMenu ?? false,
    demo,
    desktop,
    exportFolders,
    stimuli: createStimulusService({
      runtimes,
      workspaces,
      jobs,
      events,
      desktop,
      pickedFiles,
      mediaRoute: (relative: string) => mediaRoot + relative,
      mediaDir: stimulusDir,
    }),
    launcher: createLauncher({ runtimes, workspaces }),
    authoring: createStudyAuthoring({ runtimes, workspaces }),
    embed: createEmbedService({ runtimes, workspaces }),
    exporter: createExportService({
      runtimes,
      workspaces,
      jobs,
      events,
      desktop,
      folders: exportFolders,
      notifier,
      researcherName: () => deps.settings.get().researcher_name,
      redactorFor,
    }),
    pickedFiles,
    ...(o.clipMedia ? { clipMedia: o.clipMedia } : {}),
  });

  const dispatch = createDispatcher<IpcContract>(ipcContract, handlers satisfies HandlerMap<IpcContract>, o.log);
  if (o.webhooks !== false) void webhooks.apply();
  return {
    dispatch,
    call: typedCall<IpcContract>(dispatch),
    events,
    workspaces,
    runtimes,
    demo,
    settings,
    webhooks,
    desktop,
    notifier,
    exports: exportFolders,
    redactorFor,
    pickedFiles,
    serveMedia: async (path, range) => {
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
    },
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

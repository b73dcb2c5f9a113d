import type { IpcContract, IpcDomain, IpcDomains } from '../../shared/ipc/contract';
import type { DemoService } from '../demo/demo-service';
import type { ExportFolders } from '../desktop/export-folders';
import type { ExportService } from '../exports/export-service';
import type { ClipMediaFns } from '../clips/export';
import type { DesktopPorts } from '../desktop/ports';
import type { PickedFiles } from '../media/picked-files';
import type { StimulusService } from '../media/stimulus-service';
import type { EmbedService } from '../share/embed';
import type { StudyAuthoring } from '../studies/authoring';
import type { Launcher } from '../studies/launch';
import type { HandlerMap } from './dispatcher';
import { agreementHandlers } from './handlers/agreement';
import { appHandlers } from './handlers/app';
import { clipHandlers } from './handlers/clips';
import { createClipExportService } from '../clips/clip-export-service';
import { loadClipMedia } from '../clips/media-fns';
import type { HandlerDeps } from './handlers/context';
import { creditHandlers } from './handlers/credits';
import { demoHandlers } from './handlers/demo';
import { embedHandlers } from './handlers/embed';
import { exportHandlers } from './handlers/exports';
import { codeHandlers } from './handlers/codes';
import { createExactClipService } from '../clips/exact-service';
import { gridHandlers } from './handlers/grid';
import { createGridService } from '../analysis/grid/grid-service';
import { highlightHandlers } from './handlers/highlights';
import { importHandlers } from './handlers/imports';
import { interviewHandlers } from './handlers/interviews';
import { noteHandlers } from './handlers/notes';
import { projectHandlers } from './handlers/projects';
import { redactionHandlers } from './handlers/redaction';
import { reelHandlers } from './handlers/reels';
import { createRedactionService } from '../redaction/redaction-service';
import { createReviewService } from '../redaction/review-service';
import { reportHandlers } from './handlers/reports';
import { searchHandlers } from './handlers/search';
import { settingsHandlers } from './handlers/settings';
import { stimulusHandlers } from './handlers/stimuli';
import { studyHandlers } from './handlers/studies';
import { syncHandlers } from './handlers/sync';
import { videoHandlers } from './handlers/videos';
import { workspaceHandlers } from './handlers/workspaces';

/** Every domain's handlers, keyed as the contract keys its domains: a domain left out does not compile. */
export type DomainHandlers = { [K in IpcDomain]: HandlerMap<IpcDomains[K]> };
export type Handlers = HandlerMap<IpcContract>;

export type RegistryDeps = HandlerDeps & {
  version: string;
  platform: string;
  nativeMenu: boolean;
  demo: DemoService;
  desktop: DesktopPorts;
  exportFolders: ExportFolders;
  launcher: Launcher;
  authoring: StudyAuthoring;
  embed: EmbedService;
  exporter: ExportService;
  stimuli: StimulusService;
  pickedFiles: PickedFiles;
  /** The media core clips are cut with; the real one (media-fns.ts) unless a test gives a stand-in. */
  clipMedia?: () => Promise<ClipMediaFns>;
};

/** The redaction service, and the review's pages over it (numbering interviews as the rest of the app does). */
function redactionDeps(d: RegistryDeps) {
  const redaction = createRedactionService({ runtimes: d.runtimes, secrets: d.secrets });
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  const review = createReviewService({
    redaction,
    interviewNumbers: async (workspaceId, projectId) => new Map(Object.entries(await (await cache(workspaceId)).call('interviews.numbers', { projectId }))),
    decideMany: async (workspaceId, projectId, items, decision) =>
      (await cache(workspaceId)).call('redaction.decideMany', { projectId, items, decision, now: new Date().toISOString() }),
  });
  return { redaction, review };
}

/** The only place that knows the handler modules: the core asks for the whole map and dispatches to it. */
export function buildHandlers(d: RegistryDeps): Handlers {
  const byDomain: DomainHandlers = {
    app: appHandlers({
      version: d.version,
      platform: d.platform,
      secrets: d.secrets,
      desktop: d.desktop,
      exports: d.exportFolders,
      nativeMenu: d.nativeMenu,
      log: d.log,
    }),
    workspaces: workspaceHandlers(d),
    demo: demoHandlers(d),
    projects: projectHandlers(d),
    credits: creditHandlers(d),
    sync: syncHandlers(d),
    interviews: interviewHandlers(d),
    search: searchHandlers(d),
    reports: reportHandlers(d),
    videos: videoHandlers(d),
    stimuli: stimulusHandlers({ stimuli: d.stimuli }),
    highlights: highlightHandlers(d),
    codes: codeHandlers(d),
    reels: reelHandlers(d),
    agreement: agreementHandlers(d),
    grid: gridHandlers({ grid: createGridService({ runtimes: d.runtimes, exporter: d.exporter }) }),
    notes: noteHandlers(d),
    settings: settingsHandlers(d),
    studies: studyHandlers(d),
    embed: embedHandlers(d),
    exports: exportHandlers({ exports: d.exporter }),
    imports: importHandlers(d),
    redaction: redactionHandlers(redactionDeps(d)),
    clips: clipHandlers({
      clips: createClipExportService({ runtimes: d.runtimes, jobs: d.jobs, events: d.events, exporter: d.exporter, media: d.clipMedia ?? loadClipMedia }),
      exact: createExactClipService({ runtimes: d.runtimes, exports: d.exporter, jobs: d.jobs, mediaUrl: d.mediaUrl, media: d.clipMedia ?? loadClipMedia }),
    }),
  };
  return Object.assign({}, ...Object.values(byDomain)) as Handlers;
}

import type { ClipMediaFns } from './clips/export';
import { createClipExportService } from './clips/clip-export-service';
import { createExactClipService } from './clips/exact-service';
import { loadClipMedia } from './clips/media-fns';
import { createReelService } from './clips/reel-service';
import { createDemoLauncher } from './demo/demo-launch';
import type { DemoService } from './demo/demo-service';
import type { ExportFolders } from './desktop/export-folders';
import type { Notifier } from './desktop/notifier';
import type { DesktopPorts } from './desktop/ports';
import { createAgreementService } from './analysis/agreement/agreement-service';
import { createCodingService } from './analysis/coding/coding-service';
import { createCodeService } from './analysis/codes/code-service';
import { createImportService } from './analysis/qdpx-import/import-service';
import { createExportService } from './exports/export-service';
import { createGridService } from './analysis/grid/grid-service';
import type { EventHub } from './events';
import type { JobRegistry } from './jobs/job-registry';
import type { PickedFiles } from './media/picked-files';
import { createStimulusService } from './media/stimulus-service';
import { createVideoService } from './media/video-service';
import { createRedactionService } from './redaction/redaction-service';
import type { RedactorFor } from './redaction/redactor-for';
import { createReportService } from './reports/report-service';
import { createReviewService } from './redaction/review-service';
import { createEmbedService } from './share/embed';
import { createStudyAuthoring } from './studies/authoring';
import { createCreditService } from './studies/credit-service';
import { createInterviewService } from './studies/interview-service';
import { createLauncher } from './studies/launch';
import { createNoteService } from './studies/note-service';
import { createParticipantService } from './studies/participant-service';
import { createProjectService } from './studies/project-service';
import { createSearchService } from './studies/search-service';
import type { SecretStore } from './secrets/secret-store';
import type { SettingsStore } from './settings';
import { createSyncService } from './sync/sync-service';
import { createWorkspaceAdmin } from './workspaces/admin-service';
import type { RuntimeManager } from './workspaces/runtime';
import type { WorkspaceService } from './workspaces/service';

export type ServiceDeps = {
  /** The app's data folder (FIELDWORK_HOME for the CLI). */
  dataDir: string;
  demo: DemoService;
  workspaces: WorkspaceService;
  runtimes: RuntimeManager;
  events: EventHub;
  jobs: JobRegistry;
  settings: SettingsStore;
  secrets: SecretStore;
  mediaUrl: (workspaceId: string, interviewId: string) => string;
  desktop: DesktopPorts;
  exportFolders: ExportFolders;
  notifier: Notifier;
  pickedFiles: PickedFiles;
  redactorFor: RedactorFor;
  /** The route the renderer fetches a stimulus's file from, and the folder a workspace's stimuli are kept in. */
  mediaRoute: (relative: string) => string;
  stimulusDir: (workspaceId: string) => string;
  /** The media core clips are cut with; the real one (media-fns.ts) unless a test gives a stand-in. */
  clipMedia?: () => Promise<ClipMediaFns>;
};

/** The redaction service, and the review's pages over it (numbering interviews as the rest of the app does). */
function redactionServices(d: ServiceDeps) {
  const redaction = createRedactionService({ runtimes: d.runtimes, secrets: d.secrets });
  const cache = async (workspaceId: string) => (await d.runtimes.get(workspaceId)).cache;
  const review = createReviewService({
    redaction,
    interviewNumbers: async (workspaceId, projectId) => new Map(Object.entries(await (await cache(workspaceId)).call('interviews.numbers', { projectId }))),
    decideMany: async (workspaceId, projectId, items, decision) =>
      (await cache(workspaceId)).call('redaction.decideMany', { projectId, items, decision, now: new Date().toISOString() }),
    cache,
  });
  return { redaction, review };
}

/**
 * Every domain service, built once here: the IPC handlers and the CLI's commands are thin adapters over
 * these (the core hands the same instances to both).
 */
export function createServices(d: ServiceDeps) {
  const { runtimes, workspaces, jobs, events, desktop } = d;
  const media = d.clipMedia ?? loadClipMedia;
  const exporter = createExportService({
    runtimes,
    workspaces,
    jobs,
    events,
    desktop,
    folders: d.exportFolders,
    notifier: d.notifier,
    researcherName: () => d.settings.get().researcher_name,
    redactorFor: d.redactorFor,
  });
  return {
    workspaces: createWorkspaceAdmin({ workspaces, runtimes, events, dataDir: d.dataDir }),
    projects: createProjectService({ runtimes }),
    interviews: createInterviewService({ runtimes }),
    participants: createParticipantService({ runtimes }),
    credits: createCreditService({ runtimes }),
    notes: createNoteService({ runtimes }),
    stimuli: createStimulusService({
      runtimes,
      workspaces,
      jobs,
      events,
      desktop,
      pickedFiles: d.pickedFiles,
      mediaRoute: d.mediaRoute,
      mediaDir: d.stimulusDir,
    }),
    videos: createVideoService({ runtimes, jobs, events, mediaUrl: d.mediaUrl }),
    launcher: createLauncher({ runtimes, workspaces }),
    authoring: createStudyAuthoring({ runtimes, workspaces }),
    embed: createEmbedService({ runtimes, workspaces }),
    exporter,
    grid: createGridService({ runtimes, exporter }),
    ...redactionServices(d),
    clips: createClipExportService({ runtimes, jobs, events, exporter, media }),
    codes: createCodeService({ runtimes, researcherName: () => d.settings.get().researcher_name }),
    codings: createCodingService({ runtimes }),
    reels: createReelService({ runtimes }),
    reports: createReportService({ runtimes }),
    agreement: createAgreementService({ runtimes, researcherName: () => d.settings.get().researcher_name }),
    search: createSearchService({ runtimes }),
    sync: createSyncService({ runtimes, events }),
    imports: createImportService({ runtimes, pickedFiles: d.pickedFiles }),
    demo: createDemoLauncher({ demo: d.demo, runtimes, events }),
    exact: createExactClipService({ runtimes, exports: exporter, jobs, mediaUrl: d.mediaUrl, media }),
  };
}
export type Services = ReturnType<typeof createServices>;

// The types a service's caller names (the CLI's commands take them from here, not from the domains).
export type { ClipMediaFns } from './clips/export';
export type { ClipExportSummary } from './clips/export';
export type { ClipSelection } from './clips/plan';
export type { SpeakerLabels } from './exports/transcript/common';
export type { SyncResult } from './sync/engine';

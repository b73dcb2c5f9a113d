import type { ApiOf, EventsApi } from './define';
import { event } from './define';
import { agreementChannels } from './channels/agreement';
import { appChannels } from './channels/app';
import { clipChannels } from './channels/clips';
import { codeChannels } from './channels/codes';
import { creditChannels } from './channels/credits';
import { demoChannels } from './channels/demo';
import { embedChannels } from './channels/embed';
import { exportChannels } from './channels/exports';
import { gridChannels } from './channels/grid';
import { highlightChannels } from './channels/highlights';
import { importChannels } from './channels/imports';
import { interviewChannels } from './channels/interviews';
import { noteChannels } from './channels/notes';
import { projectChannels } from './channels/projects';
import { redactionChannels } from './channels/redaction';
import { reelChannels } from './channels/reels';
import { reportChannels } from './channels/reports';
import { searchChannels } from './channels/search';
import { settingsChannels } from './channels/settings';
import { stimulusChannels } from './channels/stimuli';
import { studyChannels } from './channels/studies';
import { syncChannels } from './channels/sync';
import { videoChannels } from './channels/videos';
import { workspaceChannels } from './channels/workspaces';

/**
 * The contract's one list of domains, keyed by channel prefix (`projects` holds every `projects.*`
 * channel, and nothing else: a test checks it). Everything else is derived from it: the channel map,
 * its type, the preload's API, and the handler registry main must fill for every domain.
 */
export const ipcDomains = {
  app: appChannels,
  workspaces: workspaceChannels,
  demo: demoChannels,
  projects: projectChannels,
  credits: creditChannels,
  sync: syncChannels,
  interviews: interviewChannels,
  search: searchChannels,
  reports: reportChannels,
  videos: videoChannels,
  stimuli: stimulusChannels,
  highlights: highlightChannels,
  codes: codeChannels,
  agreement: agreementChannels,
  notes: noteChannels,
  settings: settingsChannels,
  studies: studyChannels,
  embed: embedChannels,
  exports: exportChannels,
  imports: importChannels,
  grid: gridChannels,
  redaction: redactionChannels,
  reels: reelChannels,
  clips: clipChannels,
};
export type IpcDomains = typeof ipcDomains;
export type IpcDomain = keyof IpcDomains;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every channel prefix on the wire; the main-process registrar refuses anything else. */
export const IPC_PREFIX = 'fieldwork:';
export const IPC_EVENT_CHANNEL = 'fieldwork:event';
/**
 * Not a contract channel, and not on `window.fieldwork`: only the preload calls it, with the path
 * webUtils read from a File the browser handed over, and gets back a token for `stimuli.upload`.
 */
export const FILES_REGISTER_CHANNEL = 'fieldwork-files:register';

/** Every channel of every domain, in one map. */
export type IpcContract = UnionToIntersection<IpcDomains[IpcDomain]>;
export const ipcContract = Object.assign({}, ...Object.values(ipcDomains)) as IpcContract;

type Ws = { workspace_id: string };
export type NoticeView = Ws & {
  /** A newer notice with the same key replaces the older one (a report's outcome supersedes its last one). */
  key: string | null;
  tone: 'info' | 'success' | 'warning' | 'danger';
  title: string;
  body: string;
  /** Opens the study's tab the notice is about. */
  action: { label: string; project_id: string; tab: 'interviews' | 'report' } | null;
};
export type AppCommand = 'new-study' | 'sync' | 'search' | 'export' | 'settings' | 'shortcuts';

export const ipcEvents = {
  'workspaces.changed': event<{ reason: 'added' | 'removed' | 'demo' }>(),
  'sync.progress': event<Ws & { phase: string; done: number; total: number }>(),
  'sync.finished': event<Ws & { ok: boolean; message: string | null; offline: boolean }>(),
  /** New COMPLETE interviews found by a sync (main composes the notice about them: see notices.show). */
  'interviews.completed': event<Ws & { project_id: string; count: number }>(),
  'reports.done': event<Ws & { project_id: string; state: 'completed' | 'failed' | 'timed_out' }>(),
  'videos.progress': event<
    Ws & {
      job_id: string;
      interview_id: string | null;
      done: number;
      total: number | null;
      state: 'running' | 'done' | 'failed' | 'cancelled';
      message: string | null;
    }
  >(),
  'exports.progress': event<Ws & { export_id: string; files_done: number; files_total: number | null; current: string | null }>(),
  /** A clip export's progress: `done` of `total` clips (the reel counts as one), `current` the clip being cut. */
  'clips.progress': event<Ws & { export_id: string; done: number; total: number; current: string | null }>(),
  'stimuli.progress': event<Ws & { upload_id: string; sent: number; total: number }>(),
  /**
   * A finished notice, composed once in main (grouped completed interviews, a report's outcome): the
   * renderer shows it as it is, in a toast. The OS notification for it is main's too.
   */
  'notices.show': event<NoticeView>(),
  /** A command from the native menu (or its accelerator); the renderer runs it like the matching shortcut. */
  'app.command': event<{ command: AppCommand }>(),
};
export type IpcEvents = typeof ipcEvents;

export type FieldworkApi = ApiOf<IpcContract> & { events: EventsApi<IpcEvents> };

export const channelNames = Object.keys(ipcContract) as (keyof IpcContract & string)[];
export const eventNames = Object.keys(ipcEvents) as (keyof IpcEvents & string)[];

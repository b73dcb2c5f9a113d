import type { ApiOf, EventsApi } from './define';
import { event } from './define';
import { appChannels } from './channels/app';
import {
  cachedProjectChannels,
  highlightChannels,
  interviewChannels,
  reportChannels,
  searchChannels,
  stimulusChannels,
  syncChannels,
  videoChannels,
} from './channels/cache-domains';
import { demoChannels } from './channels/demo';
import { exportChannels } from './channels/exports';
import { launchShareChannels } from './channels/launch-share';
import { projectChannels } from './channels/projects';
import { settingsChannels } from './channels/settings';
import { studyChannels } from './channels/studies';
import { workspaceChannels } from './channels/workspaces';

/** Every channel prefix on the wire; the main-process registrar refuses anything else. */
export const IPC_PREFIX = 'fieldwork:';
export const IPC_EVENT_CHANNEL = 'fieldwork:event';
/**
 * Not a contract channel, and not on `window.fieldwork`: only the preload calls it, with the path
 * webUtils read from a File the browser handed over, and gets back a token for `stimuli.upload`.
 */
export const FILES_REGISTER_CHANNEL = 'fieldwork-files:register';

export type IpcContract = typeof appChannels &
  typeof workspaceChannels &
  typeof demoChannels &
  typeof projectChannels &
  typeof cachedProjectChannels &
  typeof syncChannels &
  typeof interviewChannels &
  typeof searchChannels &
  typeof reportChannels &
  typeof videoChannels &
  typeof stimulusChannels &
  typeof highlightChannels &
  typeof settingsChannels &
  typeof studyChannels &
  typeof launchShareChannels &
  typeof exportChannels;

export const ipcContract: IpcContract = {
  ...appChannels,
  ...workspaceChannels,
  ...demoChannels,
  ...projectChannels,
  ...cachedProjectChannels,
  ...syncChannels,
  ...interviewChannels,
  ...searchChannels,
  ...reportChannels,
  ...videoChannels,
  ...stimulusChannels,
  ...highlightChannels,
  ...settingsChannels,
  ...studyChannels,
  ...launchShareChannels,
  ...exportChannels,
};

type Ws = { workspace_id: string };
export type AppCommand = 'new-study' | 'sync' | 'search' | 'export' | 'settings' | 'shortcuts';

export const ipcEvents = {
  'workspaces.changed': event<{ reason: 'added' | 'removed' | 'demo' }>(),
  'sync.progress': event<Ws & { phase: string; done: number; total: number }>(),
  'sync.finished': event<Ws & { ok: boolean; message: string | null; offline: boolean }>(),
  /** New COMPLETE interviews found by a sync: the renderer turns this into an OS notification. */
  'interviews.completed': event<Ws & { project_id: string; count: number }>(),
  'reports.done': event<Ws & { project_id: string; state: 'completed' | 'failed' | 'timed_out' }>(),
  'videos.progress': event<Ws & { job_id: string; interview_id: string | null; done: number; total: number | null; state: 'running' | 'done' | 'failed' | 'cancelled'; message: string | null }>(),
  'exports.progress': event<Ws & { export_id: string; files_done: number; files_total: number | null; current: string | null }>(),
  'stimuli.progress': event<Ws & { upload_id: string; sent: number; total: number }>(),
  /** A command from the native menu (or its accelerator); the renderer runs it like the matching shortcut. */
  'app.command': event<{ command: AppCommand }>(),
};
export type IpcEvents = typeof ipcEvents;

export type FieldworkApi = ApiOf<IpcContract> & { events: EventsApi<IpcEvents> };

export const channelNames = Object.keys(ipcContract) as (keyof IpcContract & string)[];
export const eventNames = Object.keys(ipcEvents) as (keyof IpcEvents & string)[];

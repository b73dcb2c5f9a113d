import type { ApiOf, EventsApi } from './define';
import { event } from './define';
import { appChannels } from './channels/app';
import { demoChannels } from './channels/demo';
import { projectChannels } from './channels/projects';
import { workspaceChannels } from './channels/workspaces';

/** Every channel prefix on the wire; the main-process registrar refuses anything else. */
export const IPC_PREFIX = 'fieldwork:';
export const IPC_EVENT_CHANNEL = 'fieldwork:event';

export type IpcContract = typeof appChannels & typeof workspaceChannels & typeof demoChannels & typeof projectChannels;

export const ipcContract: IpcContract = { ...appChannels, ...workspaceChannels, ...demoChannels, ...projectChannels };

export const ipcEvents = {
  'workspaces.changed': event<{ reason: 'added' | 'removed' | 'demo' }>(),
};
export type IpcEvents = typeof ipcEvents;

export type FieldworkApi = ApiOf<IpcContract> & { events: EventsApi<IpcEvents> };

export const channelNames = Object.keys(ipcContract) as (keyof IpcContract & string)[];
export const eventNames = Object.keys(ipcEvents) as (keyof IpcEvents & string)[];

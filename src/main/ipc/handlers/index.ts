import type { appChannels } from '../../../shared/ipc/channels/app';
import type { demoChannels } from '../../../shared/ipc/channels/demo';
import type { projectChannels } from '../../../shared/ipc/channels/projects';
import type { workspaceChannels } from '../../../shared/ipc/channels/workspaces';
import type { HandlerMap } from '../dispatcher';

/** One handler map per domain, intersected: the type the preload and renderer API are checked against. */
export type Handlers = HandlerMap<typeof appChannels> &
  HandlerMap<typeof workspaceChannels> &
  HandlerMap<typeof demoChannels> &
  HandlerMap<typeof projectChannels>;

export { appHandlers } from './app';
export { demoHandlers } from './demo';
export { projectHandlers } from './projects';
export { workspaceHandlers } from './workspaces';

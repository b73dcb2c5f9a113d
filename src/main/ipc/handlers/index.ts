import type { appChannels } from '../../../shared/ipc/channels/app';
import type {
  cachedProjectChannels,
  highlightChannels,
  interviewChannels,
  reportChannels,
  searchChannels,
  stimulusChannels,
  syncChannels,
  videoChannels,
} from '../../../shared/ipc/channels/cache-domains';
import type { demoChannels } from '../../../shared/ipc/channels/demo';
import type { exportChannels } from '../../../shared/ipc/channels/exports';
import type { launchShareChannels } from '../../../shared/ipc/channels/launch-share';
import type { projectChannels } from '../../../shared/ipc/channels/projects';
import type { settingsChannels } from '../../../shared/ipc/channels/settings';
import type { studyChannels } from '../../../shared/ipc/channels/studies';
import type { workspaceChannels } from '../../../shared/ipc/channels/workspaces';
import type { HandlerMap } from '../dispatcher';

/** One handler map per domain, intersected: the type the preload and renderer API are checked against. */
export type Handlers = HandlerMap<typeof appChannels> &
  HandlerMap<typeof workspaceChannels> &
  HandlerMap<typeof demoChannels> &
  HandlerMap<typeof projectChannels & typeof cachedProjectChannels> &
  HandlerMap<typeof syncChannels> &
  HandlerMap<typeof interviewChannels & typeof searchChannels> &
  HandlerMap<typeof reportChannels> &
  HandlerMap<typeof videoChannels> &
  HandlerMap<typeof stimulusChannels> &
  HandlerMap<typeof highlightChannels> &
  HandlerMap<typeof settingsChannels> &
  HandlerMap<typeof studyChannels> &
  HandlerMap<typeof launchShareChannels> &
  HandlerMap<typeof exportChannels>;

export { appHandlers } from './app';
export { demoHandlers } from './demo';
export { exportHandlers } from './exports';
export { highlightHandlers } from './highlights';
export { interviewHandlers } from './interviews';
export { launchShareHandlers } from './launch-share';
export { projectHandlers } from './projects';
export { reportHandlers } from './reports';
export { settingsHandlers } from './settings';
export { stimulusHandlers } from './stimuli';
export { studyHandlers } from './studies';
export { syncHandlers } from './sync';
export { videoHandlers } from './videos';
export { workspaceHandlers } from './workspaces';

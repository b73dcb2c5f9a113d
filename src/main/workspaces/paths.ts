import { join } from 'node:path';

/** Where one workspace keeps its cache, videos and stimuli, inside the app's data folder. */
export const workspaceDir = (dataDir: string, id: string) => join(dataDir, 'workspaces', id);

import { z } from 'zod';
import { channel } from '../define';
import type { WorkspaceSummary } from './workspaces';

export const demoChannels = {
  /** Starts the embedded sandbox with sample studies and adds (or reopens) the demo workspace. */
  'demo.start': channel(z.undefined()).returns<WorkspaceSummary>(),
};

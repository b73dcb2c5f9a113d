import type { EventHub } from '../../events';
import type { JobRegistry } from '../../jobs/job-registry';
import type { Logger } from '../../logging/logger';
import type { SecretStore } from '../../secrets/secret-store';
import type { SettingsStore } from '../../settings';
import type { RuntimeManager } from '../../workspaces/runtime';
import type { WorkspaceService } from '../../workspaces/service';

/** What the handlers of every domain share. */
export type HandlerDeps = {
  workspaces: WorkspaceService;
  runtimes: RuntimeManager;
  events: EventHub;
  jobs: JobRegistry;
  settings: SettingsStore;
  secrets: SecretStore;
  log: Logger;
  /** The URL the renderer plays an interview's video from (Electron: fieldwork-media:, test host: /__fieldwork/media). */
  mediaUrl: (workspaceId: string, interviewId: string) => string;
  onSettingsChanged: () => Promise<void>;
  webhookPort: () => number | null;
};

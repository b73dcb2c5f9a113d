import { join } from 'node:path';
import { ipcContract, type IpcContract } from '../shared/ipc/contract';
import { DemoService } from './demo/demo-service';
import { EventHub } from './events';
import { appHandlers, demoHandlers, projectHandlers, workspaceHandlers, type Handlers } from './ipc/handlers';
import { createDispatcher, type Dispatch, type HandlerMap } from './ipc/dispatcher';
import type { Logger } from './logging/logger';
import type { SecretStore } from './secrets/secret-store';
import { WorkspaceRegistry } from './workspaces/registry';
import { WorkspaceService } from './workspaces/service';

export type CoreOptions = {
  dataDir: string;
  mediaDir: string;
  secrets: SecretStore;
  log: Logger;
  version: string;
  platform: string;
  /** better-sqlite3 built for Electron's ABI, when running inside Electron from a dev checkout. */
  sqliteBinding?: string | undefined;
};

export type Core = {
  dispatch: Dispatch;
  events: EventHub;
  workspaces: WorkspaceService;
  demo: DemoService;
  close(): Promise<void>;
};

/**
 * The main process without Electron: every service and every IPC handler, wired once. The Electron
 * shell (app.ts) and the browser test host both run exactly this.
 */
export function createCore(o: CoreOptions): Core {
  const events = new EventHub();
  const workspaces = new WorkspaceService(new WorkspaceRegistry(join(o.dataDir, 'workspaces.json')), o.secrets, o.log);
  const demo = new DemoService({ dataDir: o.dataDir, mediaDir: o.mediaDir, nativeBinding: o.sqliteBinding, log: o.log }, workspaces, o.secrets);
  workspaces.beforeUse = async (w) => {
    if (w.is_demo && demo.baseUrl === null) await demo.start();
  };
  const handlers: Handlers = {
    ...appHandlers({ version: o.version, platform: o.platform, secrets: o.secrets }),
    ...workspaceHandlers({ workspaces, events }),
    ...demoHandlers({ demo, events }),
    ...projectHandlers({ workspaces }),
  };
  const dispatch = createDispatcher<IpcContract>(ipcContract, handlers satisfies HandlerMap<IpcContract>, o.log);
  return {
    dispatch,
    events,
    workspaces,
    demo,
    close: async () => {
      await workspaces.close();
      await demo.close();
    },
  };
}

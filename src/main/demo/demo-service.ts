import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import { seedDemo, type SeededProject } from '../../sandbox/seed/demo';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { getOrg, issueKey, orgForKey } from '../../sandbox/store/orgs';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { WorkspaceService } from '../workspaces/service';

import { DEMO_WORKSPACE_ID } from './ids';
export const DEMO_WORKSPACE_NAME = 'Demo: Northwind Meals';

type DemoState = { organisation_id: string; projects: SeededProject[] };

/**
 * "Try the demo": the sandbox runs inside this process on a loopback port, seeded once with sample
 * studies, and a demo workspace points at it. Its data file lives in the app's data folder, so the
 * demo keeps whatever the researcher did in it across restarts.
 */
export class DemoService {
  private sandbox: Sandbox | null = null;
  private starting: Promise<WorkspaceSummary> | null = null;

  constructor(
    private readonly opts: { dataDir: string; mediaDir: string; nativeBinding?: string | undefined; log: Logger },
    private readonly workspaces: WorkspaceService,
    private readonly secrets: SecretStore,
  ) {}

  get baseUrl(): string | null {
    return this.sandbox?.baseUrl ?? null;
  }

  /** Idempotent and safe to call concurrently. */
  start(): Promise<WorkspaceSummary> {
    this.starting ??= this.doStart().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async doStart(): Promise<WorkspaceSummary> {
    const dir = join(this.opts.dataDir, 'demo');
    mkdirSync(dir, { recursive: true });
    this.sandbox ??= await startSandbox({ dataFile: join(dir, 'sandbox.db'), mediaDir: this.opts.mediaDir, nativeBinding: this.opts.nativeBinding });
    const sandbox = this.sandbox;
    const statePath = join(dir, 'demo.json');
    let state = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as DemoState) : null;
    let key = await this.secrets.get(DEMO_WORKSPACE_ID);
    if (!state || !getOrg(sandbox.context.db, state.organisation_id)) {
      this.opts.log.info('seeding the demo workspace');
      const seeded = await seedDemo(sandbox.baseUrl, sandbox.context.media);
      state = { organisation_id: seeded.organisation_id, projects: seeded.projects };
      writeFileSync(statePath, JSON.stringify(state, null, 2));
      key = seeded.api_key;
    } else if (!key || orgForKey(sandbox.context.db, key)?.id !== state.organisation_id) {
      // The key was only in memory last session (no keychain); the embedded service issues a new one.
      key = issueKey(sandbox.context.db, state.organisation_id, new Date().toISOString());
    }
    const existing = this.workspaces.list().find((w) => w.id === DEMO_WORKSPACE_ID);
    if (existing) return this.workspaces.update(DEMO_WORKSPACE_ID, { base_url: sandbox.baseUrl }, key);
    return this.workspaces.add(
      { name: DEMO_WORKSPACE_NAME, base_url: sandbox.baseUrl, api_key: key, organisation_id: state.organisation_id },
      { is_demo: true, id: DEMO_WORKSPACE_ID },
    );
  }

  seededProjects(): SeededProject[] {
    const statePath = join(this.opts.dataDir, 'demo', 'demo.json');
    return existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as DemoState).projects : [];
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    await this.sandbox?.close();
    this.sandbox = null;
  }
}

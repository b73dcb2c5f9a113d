import type { EventHub } from './events';
import { WEBHOOK_SECRET_ACCOUNT } from './secrets/secret-store';
import type { Logger } from './logging/logger';
import type { SecretStore } from './secrets/secret-store';
import type { SettingsStore } from './settings';
import { WebhookReceiver, type ReceivedEvent } from './sync/webhook-receiver';
import type { RuntimeManager } from './workspaces/runtime';
import type { WorkspaceService } from './workspaces/service';

/**
 * The optional webhook receiver, run according to the settings. A verified interview_completed is
 * matched to its workspace by organisation ID (a workspace without one learns it, when it is the only
 * candidate), and just that interview is synced.
 */
export class WebhookService {
  private secret: string | null = null;
  private port: number | null = null;
  private readonly receiver: WebhookReceiver;

  constructor(
    private readonly d: {
      settings: SettingsStore;
      secrets: SecretStore;
      workspaces: WorkspaceService;
      runtimes: RuntimeManager;
      events: EventHub;
      log: Logger;
    },
  ) {
    this.receiver = new WebhookReceiver({ secret: () => this.secret ?? '', onEvent: (e) => this.handle(e), log: d.log });
  }

  get listeningPort(): number | null {
    return this.receiver.listening ? this.port : null;
  }

  /** Starts, restarts or stops the receiver to match the settings. */
  async apply(): Promise<void> {
    const s = this.d.settings.get();
    this.secret = await this.d.secrets.get(WEBHOOK_SECRET_ACCOUNT);
    if (!s.webhook_enabled || !this.secret) {
      await this.receiver.stop();
      this.port = null;
      return;
    }
    if (this.receiver.listening && this.port === s.webhook_port) return;
    try {
      this.port = await this.receiver.start(s.webhook_port);
    } catch (e) {
      this.port = null;
      this.d.log.warn('webhook receiver could not start', { port: s.webhook_port, error: e });
    }
  }

  async handle(e: ReceivedEvent): Promise<void> {
    const all = this.d.workspaces.list();
    let w = all.find((x) => x.organisation_id === e.data.org_id);
    const unknown = all.filter((x) => !x.organisation_id);
    if (!w && unknown.length === 1) {
      w = await this.d.workspaces.update(unknown[0]!.id, { organisation_id: e.data.org_id });
    }
    if (!w) {
      this.d.log.warn('webhook for an organisation with no workspace', { org_id: e.data.org_id });
      return;
    }
    const runtime = await this.d.runtimes.get(w.id);
    const known = await runtime.cache.call('projects.get', { id: e.data.project_id });
    if (!known) {
      await runtime.runSync([e.data.project_id]);
      return;
    }
    // The record's ID is user_interview_id in the sandbox; a service may use interview_id instead.
    const ids = [e.data.user_interview_id, e.data.interview_id].filter((x): x is string => !!x);
    for (const id of ids) {
      if (await runtime.sync.syncInterview(e.data.project_id, id)) {
        this.d.events.emit('interviews.completed', { workspace_id: w.id, project_id: e.data.project_id, count: 1 });
        return;
      }
    }
  }

  stop(): Promise<void> {
    return this.receiver.stop();
  }
}

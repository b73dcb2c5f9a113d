import { randomBytes } from 'node:crypto';
import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import { createApiClient, type ApiClient } from '../api/client';
import { isServiceError } from '../api/errors';
import type { TransportOptions } from '../api/transport';
import { AppError } from '../errors';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../secrets/secret-store';
import type { WorkspaceRecord, WorkspaceRegistry } from './registry';

export type NewWorkspace = { name: string; base_url: string; api_key: string; organisation_id: string | null };
export type ClientFactory = (opts: Pick<TransportOptions, 'baseUrl' | 'apiKey' | 'log' | 'retry' | 'headersTimeoutMs'>) => ApiClient;

/**
 * Workspaces: one organisation each. Keys go to the secret store and are read back into this process's
 * memory only when a client is built; nothing here ever returns a key.
 */
export class WorkspaceService {
  private clients = new Map<string, { client: ApiClient; baseUrl: string }>();
  /** Called before a workspace is used, so the demo can start its embedded sandbox on demand. */
  beforeUse: (w: WorkspaceRecord) => Promise<void> = async () => {};

  constructor(
    private readonly registry: WorkspaceRegistry,
    private readonly secrets: SecretStore,
    private readonly log: Logger,
    private readonly makeClient: ClientFactory = (o) => createApiClient(o),
  ) {}

  summary(w: WorkspaceRecord): WorkspaceSummary {
    return { id: w.id, name: w.name, base_url: w.base_url, organisation_id: w.organisation_id, is_demo: w.is_demo, key_storage: this.secrets.kind };
  }

  list(): WorkspaceSummary[] {
    return this.registry.list().map((w) => this.summary(w));
  }

  /** Checks the key against the service before anything is stored: a rejected key is never saved. */
  async add(input: NewWorkspace, opts: { is_demo?: boolean; id?: string } = {}): Promise<WorkspaceSummary> {
    if (!opts.id && this.registry.list().some((w) => w.name.toLowerCase() === input.name.toLowerCase())) {
      throw new AppError('name_taken', `A workspace called "${input.name}" already exists. Choose another name.`);
    }
    await this.verifyKey(input.base_url, input.api_key);
    const record: WorkspaceRecord = {
      id: opts.id ?? newId(input.name),
      name: input.name,
      base_url: input.base_url,
      organisation_id: input.organisation_id,
      is_demo: opts.is_demo ?? false,
      created_at: new Date().toISOString(),
    };
    await this.secrets.set(record.id, input.api_key);
    this.registry.upsert(record);
    this.dropClient(record.id);
    return this.summary(record);
  }

  /** Points a workspace at a new address (the demo sandbox gets a new port each run). */
  async update(id: string, patch: Partial<Pick<WorkspaceRecord, 'base_url' | 'organisation_id' | 'name'>>, apiKey?: string): Promise<WorkspaceSummary> {
    const current = this.registry.get(id);
    if (!current) throw new AppError('unknown_workspace', 'This workspace no longer exists.');
    if (apiKey !== undefined) await this.secrets.set(id, apiKey);
    const next = { ...current, ...patch };
    this.registry.upsert(next);
    this.dropClient(id);
    return this.summary(next);
  }

  /** Forgets a workspace and deletes its key from the secret store. */
  async remove(id: string): Promise<void> {
    this.get(id);
    this.dropClient(id);
    await this.secrets.delete(id);
    this.registry.remove(id);
  }

  get(id: string): WorkspaceRecord {
    const w = this.registry.get(id);
    if (!w) throw new AppError('unknown_workspace', 'This workspace no longer exists. Choose another one.');
    return w;
  }

  async client(id: string): Promise<ApiClient> {
    const w = this.get(id);
    await this.beforeUse(w);
    const fresh = this.get(id);
    const cached = this.clients.get(id);
    if (cached && cached.baseUrl === fresh.base_url) return cached.client;
    const key = await this.secrets.get(id);
    if (!key) {
      throw new AppError(
        'key_missing',
        `The API key for "${fresh.name}" is not available${this.secrets.kind === 'memory' ? ' (keys are only kept in memory on this computer)' : ''}. Add the workspace again with its key.`,
      );
    }
    const client = this.makeClient({ baseUrl: fresh.base_url, apiKey: () => key, log: this.log });
    this.clients.set(id, { client, baseUrl: fresh.base_url });
    return client;
  }

  private dropClient(id: string): void {
    const c = this.clients.get(id);
    if (c) void c.client.close();
    this.clients.delete(id);
  }

  private async verifyKey(baseUrl: string, apiKey: string): Promise<void> {
    // Someone is waiting on this answer in a form: one quick retry at most, not the background backoff.
    const probe = this.makeClient({
      baseUrl,
      apiKey: () => apiKey,
      log: this.log,
      retry: { maxAttempts: 2, baseDelayMs: 300, maxRetryAfterMs: 5_000 },
      headersTimeoutMs: 10_000,
    });
    try {
      await probe.getCredits();
    } catch (e) {
      if (isServiceError(e) && e.status === 401) {
        throw new AppError('invalid_api_key', 'This key was not accepted by the service. Check it in your account settings.');
      }
      if (isServiceError(e) && e.status === 404) {
        throw new AppError('not_a_service', 'No Research Interview Service answered at this address. Check the base URL.');
      }
      if (isServiceError(e) && e.status === 0 && (e.code === 'network_error' || e.code === 'timeout')) {
        // A workspace being added has nothing saved yet: say what to check, and that nothing was kept.
        const what = e.code === 'timeout' ? 'took too long to answer' : "can't be reached";
        throw new AppError(
          e.code,
          `The service at ${hostOf(baseUrl)} ${what}. Check the address and your connection, then try again. The workspace has not been added.`,
        );
      }
      throw e;
    } finally {
      await probe.close();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.client.close()));
    this.clients.clear();
  }
}

function newId(name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'workspace';
  return `${slug}-${randomBytes(3).toString('hex')}`;
}

function hostOf(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
}

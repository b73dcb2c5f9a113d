import type { IncomingMessage } from 'node:http';
import type { Clock } from './clock';
import type { SampleMedia } from './domain/sample-media';
import type { Params } from './http/router';
import type { SandboxDb } from './store/db';
import type { Faults } from './store/faults';
import type { Org } from './store/orgs';
import type { WebhookDispatcher } from './webhooks/dispatcher';

export type SandboxConfig = {
  aiEnabled: boolean;
  reportDurationMs: number;
  presignTtlSeconds: number;
  videoUrlTtlSeconds: number;
  rateLimit: { capacity: number; refillPerSecond: number } | null;
};

export type SandboxContext = {
  db: SandboxDb;
  clock: Clock;
  config: SandboxConfig;
  media: SampleMedia;
  webhooks: WebhookDispatcher;
  signingSecret: string;
  random: () => number;
  baseUrl: () => string;
};

export type ApiContext = SandboxContext & { org: Org; faults: Faults };

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

export type ApiHandler = (req: IncomingMessage, params: Params, ctx: ApiContext, url: URL) => Promise<Reply> | Reply;

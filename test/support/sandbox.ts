import { createApiClient, type ApiClient } from '../../src/main/api/client';
import type { TransportOptions } from '../../src/main/api/transport';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server';

/** A clock tests can move: signed links, presigns and reports all read it. */
export function manualClock(start = Date.parse('2026-11-22T10:00:00Z')) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export type Org = {
  orgId: string;
  apiKey: string;
  client: ApiClient;
  /** Calls an operator route with this organisation's key; returns status and parsed JSON. */
  operator: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
};

export type TestSandbox = Sandbox & {
  newOrg(
    o?: { name?: string; balance_cents?: number; trial_credits?: number; context?: Record<string, string> },
    clientOpts?: Partial<TransportOptions>,
  ): Promise<Org>;
  raw(method: string, path: string, init?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
};

export async function testSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ rateLimit: null, ...opts });
  const clients: ApiClient[] = [];
  const send: TestSandbox['raw'] = (method, path, init = {}) =>
    fetch(sandbox.baseUrl + path, {
      method,
      headers: {
        ...(init.key ? { 'x-api-key': init.key } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  // The sandbox runs in the test's own process: a test that blocks it for seconds (sigkill.test.ts checks each
  // cache synchronously) lets the server's keep-alive timeout and the next request meet on one idle socket, which
  // the server then resets before reading it. Such a request never reached a route, so it is sent once more.
  const raw: TestSandbox['raw'] = (method, path, init = {}) =>
    send(method, path, init).catch((e: unknown) => {
      const code = (e as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw e;
      return send(method, path, init);
    });
  return {
    ...sandbox,
    raw,
    async newOrg(o = {}, clientOpts = {}) {
      const res = await raw('POST', '/_sandbox/organisations', {
        body: {
          name: o.name ?? 'Test organisation',
          balance_cents: o.balance_cents ?? 100_000,
          trial_credits: o.trial_credits ?? 0,
          ...(o.context ? { context: o.context } : {}),
        },
      });
      const { organisation_id, api_key } = (await res.json()) as { organisation_id: string; api_key: string };
      const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: () => api_key, ...clientOpts });
      clients.push(client);
      return {
        orgId: organisation_id,
        apiKey: api_key,
        client,
        operator: async (method, path, body) => {
          const r = await raw(method, path, { key: api_key, body });
          const text = await r.text();
          return { status: r.status, body: text ? JSON.parse(text) : undefined };
        },
      };
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await sandbox.close();
    },
  };
}

export const ENGLISH = [{ language_name: 'English', accent: 'en-US' }];

export function projectBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Checkout study',
    type: 'USER_INTERVIEW' as const,
    intro_message: 'Thanks for joining.',
    questions: [
      { question: 'How do you shop for groceries?', probing_level: 'low' as const },
      { question: 'What made the last checkout hard?', probing_level: 'high' as const },
    ],
    languages: ENGLISH,
    interaction_modes: ['chat' as const],
    target_participants: 5,
    ...over,
  };
}

/** Expects a promise to reject with a ServiceError/AppError and returns it for further checks. */
export async function failure(
  p: Promise<unknown>,
): Promise<{ status?: number; code: string; message: string; details: Record<string, unknown>; retryAfterMs?: number | null }> {
  try {
    await p;
  } catch (e) {
    return e as never;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** A tiny PNG-shaped file: enough for the sandbox to accept an image stimulus. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(800, 7)]);
/** Uploads a small image stimulus with `caption` to a project and assigns it to `questions` (none: left unassigned); returns its id. */
export async function addStimulus(org: Org, projectId: string, caption: string, questions: string[]): Promise<string> {
  const presign = await org.client.presignStimulus({ project_id: projectId, filename: 'a.png', content_type: 'image/png', file_size_bytes: PNG.length });
  await org.client.uploadStimulus(presign, {
    open: async function* () {
      yield PNG;
    },
    size: PNG.length,
    filename: 'a.png',
    contentType: 'image/png',
  });
  await org.client.confirmStimulus({ project_id: projectId, file_id: presign.file_id, file_ext: '.png', caption });
  const s = (await org.client.listStimuli(projectId)).items.find((x) => x.caption === caption)!;
  if (questions.length) await org.client.assignStimulus({ project_id: projectId, stimuli_id: s.stimuli_id, question_items: questions });
  return s.stimuli_id;
}

import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Core } from '../main/core';
import { resolveAppAsset } from '../main/security/app-protocol';
import { buildCsp } from '../main/security/csp';
import { LIMITS } from '../shared/schemas/limits';

/** Larger than any stimulus may be, so main's own size check (not this cap) is what a test meets. */
const DROP_MAX_BYTES = LIMITS.videoBytesMax + 1024 * 1024;

/** A dropped file's name, reduced to one harmless path segment. */
export function safeDropName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    /* keep it as sent */
  }
  name = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .slice(-180);
  return name || 'file';
}

export type TestHost = { url: string; port: number; close(): Promise<void> };

/** How the renderer addresses a video in the test host: the same-origin stand-in for fieldwork-media:. */
export const testHostMediaUrl = (workspaceId: string, interviewId: string) =>
  `/__fieldwork/media/video/${encodeURIComponent(workspaceId)}/${encodeURIComponent(interviewId)}`;

/**
 * Serves the built renderer to a normal browser, with `window.fieldwork` bridged over HTTP to the
 * same main-process core the Electron app runs. Electron cannot run here, so this is how the real
 * renderer is exercised end to end. Loopback only; calls must come from the page's own origin.
 */
export async function startTestHost(opts: { core: Core; rendererDir: string; bridgeScript: string; port?: number }): Promise<TestHost> {
  const csp = buildCsp({ mode: 'test-host' });
  const metaCsp = buildCsp({ mode: 'test-host', forMeta: true });
  const indexHtml = () =>
    readFileSync(join(opts.rendererDir, 'index.html'), 'utf8')
      .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*" \/>/, `<meta http-equiv="Content-Security-Policy" content="${metaCsp}" />`)
      .replace('<head>', '<head>\n    <script src="/__fieldwork/bridge.js"></script>');
  const clients = new Set<ServerResponse>();
  const unsubscribe = opts.core.events.subscribe((event) => {
    for (const c of clients) c.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  let origin = '';
  const dropDir = mkdtempSync(join(tmpdir(), 'fieldwork-drops-'));

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/__fieldwork/invoke' && req.method === 'POST') {
      // The HTTP stand-in for the sender-frame check: only the page this host served may call.
      if (req.headers.origin !== origin)
        return send(
          res,
          403,
          'application/json',
          JSON.stringify({ ok: false, error: { code: 'forbidden_sender', message: 'Calls must come from the Fieldwork page.' } }),
        );
      const body = JSON.parse(await readBody(req), bytesBack) as { channel: string; input: unknown; hasInput: boolean };
      const result = await opts.core.dispatch(body.channel, body.hasInput ? body.input : undefined);
      return send(res, 200, 'application/json', JSON.stringify(result));
    }
    if (url.pathname === '/__fieldwork/files' && req.method === 'POST') {
      // The test host's webUtils.getPathForFile: same checks as invoke, then the bytes land in a temp folder.
      if (req.headers.origin !== origin) return send(res, 403, 'application/json', JSON.stringify({ error: 'Files must come from the Fieldwork page.' }));
      if (Number(req.headers['content-length'] ?? 0) > DROP_MAX_BYTES)
        return send(res, 413, 'application/json', JSON.stringify({ error: 'This file is too large.' }));
      const dir = join(dropDir, randomUUID());
      mkdirSync(dir);
      const file = join(dir, safeDropName(String(req.headers['x-file-name'] ?? 'file')));
      let seen = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          seen += chunk.length;
          cb(seen > DROP_MAX_BYTES ? new Error('too large') : null, chunk);
        },
      });
      try {
        await pipeline(req, cap, createWriteStream(file));
      } catch {
        rmSync(dir, { recursive: true, force: true });
        return send(res, 413, 'application/json', JSON.stringify({ error: 'This file is too large.' }));
      }
      return send(res, 200, 'application/json', JSON.stringify({ token: opts.core.pickedFiles.register(file) }));
    }
    if (url.pathname === '/__fieldwork/events' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (url.pathname.startsWith('/__fieldwork/media/') && (req.method === 'GET' || req.method === 'HEAD')) {
      try {
        const m = await opts.core.serveMedia(
          url.pathname.slice('/__fieldwork/media/'.length),
          typeof req.headers.range === 'string' ? req.headers.range : undefined,
        );
        res.writeHead(m.status, m.headers);
        if (m.body && req.method === 'GET') m.body.pipe(res);
        else {
          m.body?.destroy();
          res.end();
        }
      } catch {
        send(res, 404, 'text/plain', 'Not found');
      }
      return;
    }
    if (url.pathname === '/__fieldwork/bridge.js') return send(res, 200, 'text/javascript; charset=utf-8', readFileSync(opts.bridgeScript, 'utf8'));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
    if (url.pathname === '/' || url.pathname === '/index.html')
      return send(res, 200, 'text/html; charset=utf-8', indexHtml(), { 'content-security-policy': csp });
    const asset = resolveAppAsset(opts.rendererDir, `app://fieldwork${url.pathname}`);
    if (!asset) return send(res, 404, 'text/plain', 'Not found');
    return send(res, 200, asset.contentType, readFileSync(asset.path));
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    port,
    close: async () => {
      unsubscribe();
      for (const c of clients) c.end();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dropDir, { recursive: true, force: true });
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

/** The bridge's marked base64 (bridge-client.ts `carryBytes`) back to the Uint8Array Electron's IPC would deliver. */
function bytesBack(_key: string, v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const marked = (v as { $fieldworkBytes?: unknown }).$fieldworkBytes;
    if (typeof marked === 'string' && Object.keys(v).length === 1) return new Uint8Array(Buffer.from(marked, 'base64'));
  }
  return v;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Core } from '../main/core';
import { resolveAppAsset } from '../main/security/app-protocol';
import { buildCsp } from '../main/security/csp';

export type TestHost = { url: string; port: number; close(): Promise<void> };

/** How the renderer addresses a video in the test host: the same-origin stand-in for fieldwork-media:. */
export const testHostMediaUrl = (workspaceId: string, interviewId: string) => `/__fieldwork/media/video/${encodeURIComponent(workspaceId)}/${encodeURIComponent(interviewId)}`;

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

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/__fieldwork/invoke' && req.method === 'POST') {
      // The HTTP stand-in for the sender-frame check: only the page this host served may call.
      if (req.headers.origin !== origin) return send(res, 403, 'application/json', JSON.stringify({ ok: false, error: { code: 'forbidden_sender', message: 'Calls must come from the Fieldwork page.' } }));
      const body = JSON.parse(await readBody(req)) as { channel: string; input: unknown; hasInput: boolean };
      const result = await opts.core.dispatch(body.channel, body.hasInput ? body.input : undefined);
      return send(res, 200, 'application/json', JSON.stringify(result));
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
        const m = await opts.core.serveMedia(url.pathname.slice('/__fieldwork/media/'.length), typeof req.headers.range === 'string' ? req.headers.range : undefined);
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
    if (url.pathname === '/' || url.pathname === '/index.html') return send(res, 200, 'text/html; charset=utf-8', indexHtml(), { 'content-security-policy': csp });
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
    },
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

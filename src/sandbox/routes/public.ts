import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/errors';
import { reply } from '../http/reply';
import { serveInterviewMedia } from './interview-media';
import { leaveSession, sendMessage, serveAsset, servePage, serveWidget, startSession } from './participant';
import { handleUpload, serveObject } from './storage';

/** Everything without an API key: uploads, media, the participant's interview pages and the embed widget. */
export async function publicRequest(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const parts = url.pathname
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (url.pathname === '/_storage/upload' && method === 'POST') {
    await handleUpload(req, ctx);
    res.writeHead(204);
    res.end();
    return;
  }
  if (parts[0] === '_media' && parts[1] === 'objects' && read) {
    if (serveObject(req, res, parts.slice(2).join('/'), ctx)) return;
    throw new ApiError(404, 'not_found', 'No such object.');
  }
  if (parts[0] === '_media' && parts[1] === 'interviews' && parts.length === 4 && read) return serveInterviewMedia(ctx, req, res, url, parts[2]!, parts[3]!);
  if (parts[0] === 'call') {
    if (parts[1] === 'assets' && parts.length === 3 && read && serveAsset(res, parts[2]!)) return;
    if (parts[1] === 'api' && method === 'POST') {
      if (parts.length === 3 && parts[2] === 'sessions') return reply(res, await startSession(req, ctx));
      if (parts.length === 5 && parts[2] === 'sessions' && parts[4] === 'messages') return reply(res, await sendMessage(req, ctx, parts[3]!));
      if (parts.length === 5 && parts[2] === 'sessions' && parts[4] === 'leave') return reply(res, leaveSession(ctx, parts[3]!));
    }
    if (parts[1] === 'embed' && parts.length === 4 && read) return servePage(res, ctx, 'embed', parts[2]!, parts[3]!);
    if (parts.length === 4 && read) return servePage(res, ctx, 'call', parts[2]!, parts[3]!);
  }
  if (url.pathname === '/widget.js' && read) return serveWidget(res);
  if (url.pathname === '/' && read)
    return reply(res, { status: 200, body: { service: 'Research Interview Service sandbox', docs: 'See docs/sandbox.md in the Fieldwork repository.' } });
  throw new ApiError(404, 'not_found', 'Nothing is served at this path.');
}

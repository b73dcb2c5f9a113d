import type { ServerResponse } from 'node:http';
import type { Reply } from '../context';
import { ApiError } from './errors';
import { errorPayload, sendJson } from './respond';

export function reply(res: ServerResponse, r: Reply): void {
  if (r.body === undefined) {
    res.writeHead(r.status, r.headers ?? {});
    res.end();
    return;
  }
  sendJson(res, r.status, r.body, r.headers);
}

/** An answer cut off half-way, as a flaky network delivers it (the `truncate_rate` fault). */
export function truncate(res: ServerResponse, r: Reply): void {
  const text = JSON.stringify(r.body);
  res.writeHead(r.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...r.headers });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  res.destroy();
}

export function fail(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof ApiError) return sendJson(res, err.status, errorPayload(err), err.headers);
  sendJson(res, 500, { error: { code: 'internal_error', message: 'The sandbox hit an unexpected error.' } });
  // Operators should see what broke; this is the sandbox, not the app.
  process.stderr.write(`sandbox: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}

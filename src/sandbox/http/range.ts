import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseRange, type ByteRange } from '../../shared/http-range';

type Source = { size: number; contentType: string; read: (range: ByteRange) => NodeJS.ReadableStream | Buffer };

export function serveBytes(req: IncomingMessage, res: ServerResponse, src: Source, extraHeaders: Record<string, string> = {}): void {
  const range = parseRange(req.headers.range, src.size);
  const base = { 'accept-ranges': 'bytes', 'content-type': src.contentType, 'cache-control': 'private, max-age=300', ...extraHeaders };
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...base, 'content-range': `bytes */${src.size}` });
    res.end();
    return;
  }
  const r = range ?? { start: 0, end: src.size - 1 };
  const headers = { ...base, 'content-length': String(src.size === 0 ? 0 : r.end - r.start + 1) };
  if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${r.start}-${r.end}/${src.size}` });
  else res.writeHead(200, headers);
  if (req.method === 'HEAD' || src.size === 0) {
    res.end();
    return;
  }
  const body = src.read(r);
  if (Buffer.isBuffer(body)) res.end(body);
  else (body as NodeJS.ReadableStream).pipe(res);
}

export function serveFile(req: IncomingMessage, res: ServerResponse, path: string, contentType: string, extraHeaders: Record<string, string> = {}): void {
  const size = statSync(path).size;
  serveBytes(req, res, { size, contentType, read: (r) => createReadStream(path, { start: r.start, end: r.end }) }, extraHeaders);
}

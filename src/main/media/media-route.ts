import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { parseRange } from '../../shared/http-range';
import type { VideoStore } from './video-store';

export type MediaResponse = { status: number; headers: Record<string, string>; body: Readable | null };

/**
 * Serves an interview's video to the renderer, from the local copy or by streaming the signed link
 * through main, with HTTP Range either way (video players seek with it). The renderer never sees the
 * signed URL and its CSP allows no remote media. An expired link is refreshed once and the same range
 * is served from the new one, so playback resumes where it was.
 */
export async function serveVideo(store: VideoStore, interviewId: string, rangeHeader: string | undefined): Promise<MediaResponse> {
  const source = await store.source(interviewId);
  if (source.kind === 'unavailable') return textResponse(404, source.reason);
  if (source.kind === 'local') {
    const range = parseRange(rangeHeader, source.size);
    const base = { 'content-type': source.content_type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
    if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'content-range': `bytes */${source.size}` }, body: null };
    const r = range ?? { start: 0, end: source.size - 1 };
    return {
      status: range ? 206 : 200,
      headers: { ...base, 'content-length': String(r.end - r.start + 1), ...(range ? { 'content-range': `bytes ${r.start}-${r.end}/${source.size}` } : {}) },
      body: createReadStream(source.file, { start: r.start, end: r.end }),
    };
  }
  let res = await fetchRemote(source.url, rangeHeader);
  if (res.status === 403) {
    // Discard the refusal's body; destroying it would otherwise surface as an unhandled abort.
    res.body?.on('error', () => undefined);
    res.body?.destroy();
    const fresh = await store.source(interviewId, { refresh: true });
    if (fresh.kind !== 'remote') return textResponse(404, fresh.kind === 'unavailable' ? fresh.reason : 'The video is not available.');
    res = await fetchRemote(fresh.url, rangeHeader);
  }
  return res;
}

async function fetchRemote(url: string, rangeHeader: string | undefined): Promise<MediaResponse> {
  try {
    const r = await request(url, { method: 'GET', headers: rangeHeader ? { range: rangeHeader } : {}, headersTimeout: 30_000, bodyTimeout: 0 });
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    for (const h of ['content-type', 'content-length', 'content-range', 'accept-ranges']) {
      const v = r.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    return { status: r.statusCode, headers, body: r.body as unknown as Readable };
  } catch {
    return textResponse(502, "The video host can't be reached. Check your connection, or download the video for offline use.");
  }
}

function textResponse(status: number, message: string): MediaResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Readable.from([Buffer.from(message)]) };
}

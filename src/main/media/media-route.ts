import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { parseRange } from '../../shared/http-range';
import { sniffRecording } from '../../shared/media-sniff';
import { readHead } from './file-head';
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
    // What the file's bytes are, whatever was recorded for it (a download kept before types were sniffed).
    const type = isMediaType(source.content_type) ? source.content_type : sniffRecording(readHead(source.file));
    if (!type) return textResponse(415, 'The saved file for this interview is not a video or audio recording. Remove the download and download it again.');
    const range = parseRange(rangeHeader, source.size);
    const base = { ...SAFE_MEDIA_HEADERS, 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
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
    const declared = typeof r.headers['content-type'] === 'string' ? r.headers['content-type'].split(';')[0]!.trim().toLowerCase() : '';
    if (r.statusCode < 300 && !isMediaType(declared) && declared !== 'application/octet-stream' && declared !== 'binary/octet-stream') {
      // Never hand the page anything but media: an HTML or JSON answer is refused, not streamed.
      r.body.on('error', () => undefined);
      r.body.destroy();
      return textResponse(502, 'The video host answered with something that is not a video. Try again later, or download the video when it works.');
    }
    const headers: Record<string, string> = { ...SAFE_MEDIA_HEADERS, 'cache-control': 'no-store' };
    for (const h of ['content-length', 'content-range', 'accept-ranges']) {
      const v = r.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    headers['content-type'] = isMediaType(declared) ? declared : 'application/octet-stream';
    // The page may stop reading at any moment (a seek, a closed viewer): that abort is not an error of the app's.
    r.body.on('error', () => undefined);
    return { status: r.statusCode, headers, body: r.body as unknown as Readable };
  } catch {
    return textResponse(502, "The video host can't be reached. Check your connection, or download the video for offline use.");
  }
}

function textResponse(status: number, message: string): MediaResponse {
  return { status, headers: { ...SAFE_MEDIA_HEADERS, 'content-type': 'text/plain; charset=utf-8' }, body: Readable.from([Buffer.from(message)]) };
}

/**
 * On every media answer: the browser may not guess another type than the one given, and if the answer
 * is ever opened as a document it runs nothing and loads nothing.
 */
export const SAFE_MEDIA_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" } as const;

const isMediaType = (t: string) => /^(video|audio)\/[a-z0-9.+-]+$/i.test(t);

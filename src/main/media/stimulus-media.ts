import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request, type Dispatcher } from 'undici';
import { parseRange } from '../../shared/http-range';
import { sniff, SNIFF_BYTES } from '../../shared/media-sniff';
import type { StimulusView } from '../../shared/ipc/channels/stimuli';
import type { StimulusRecord } from '../../shared/schemas/stimulus';
import { LIMITS } from '../../shared/schemas/limits';
import type { Cache } from '../cache/cache';
import type { MediaResponse } from './media-route';

/**
 * Stimulus images and videos for the renderer. The service's image_url/video_url are remote, and the
 * renderer's CSP allows no remote media, so the renderer asks main's media route for
 * `stimulus/<workspace>/<project>/<stimulus>`; main looks the URL up in its own cache (the renderer
 * never names a URL, so it cannot make main fetch anything else), downloads it once without any
 * credentials, checks by its bytes that it is an image or video, and serves it from disk with Range.
 * A cached copy keeps the Stimuli tab working offline.
 */
export type StimulusMediaDeps = { dir: string; cache: Pick<Cache, 'call'>; dispatcher?: Dispatcher };

export const stimulusMediaPath = (workspaceId: string, projectId: string, stimulusId: string) =>
  `stimulus/${encodeURIComponent(workspaceId)}/${encodeURIComponent(projectId)}/${encodeURIComponent(stimulusId)}`;

/**
 * The renderer's view of a record: the remote URLs swapped for main's route. `dir` is where this
 * workspace's stimulus files are kept: given, the view says whether this one is saved there.
 */
export function toStimulusView(s: StimulusRecord, mediaUrl: (relative: string) => string, workspaceId: string, projectId: string, dir?: string): StimulusView {
  const kind = s.video_url ? 'video' : s.image_url ? 'image' : null;
  const url = s.video_url ?? s.image_url;
  return {
    stimuli_id: s.stimuli_id,
    display_order: s.display_order,
    kind,
    media_url: kind ? mediaUrl(stimulusMediaPath(workspaceId, projectId, s.stimuli_id)) : null,
    media_saved: dir !== undefined && url !== null && existsSync(stimulusFile(dir, s.stimuli_id, url)),
    caption: s.caption,
    question_items: s.question_items,
  };
}

/** Where a stimulus's file is kept: named by its id and its URL, so a new file under the same id is fetched afresh. */
function stimulusFile(dir: string, stimulusId: string, url: string): string {
  return join(dir, `${stimulusId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)}-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`);
}

const inflight = new Map<string, Promise<string>>();
const MAX_BYTES = LIMITS.videoBytesMax + 1024 * 1024;

export async function serveStimulusMedia(d: StimulusMediaDeps, projectId: string, stimulusId: string, rangeHeader: string | undefined): Promise<MediaResponse> {
  const items = (await d.cache.call('stimuli.list', { projectId })) as StimulusRecord[];
  const record = items.find((s) => s.stimuli_id === stimulusId);
  const url = record?.video_url ?? record?.image_url ?? null;
  if (!record || !url) return text(404, 'This stimulus is not in the saved data. Sync the study, then try again.');
  if (!/^https?:\/\//i.test(url)) return text(404, 'This stimulus has no usable media address.');
  const file = stimulusFile(d.dir, stimulusId, url);
  if (!existsSync(file)) {
    try {
      await download(d, url, file);
    } catch (e) {
      return text(502, e instanceof MediaError ? e.message : 'The stimulus could not be fetched. Check your connection; it shows once it has been fetched.');
    }
  }
  return serveFile(file, rangeHeader);
}

class MediaError extends Error {}

/** One download per file at a time; written to a temp name and renamed, so a half file is never served. */
function download(d: StimulusMediaDeps, url: string, file: string): Promise<string> {
  const running = inflight.get(file);
  if (running) return running;
  const p = (async () => {
    mkdirSync(d.dir, { recursive: true });
    const tmp = `${file}.part`;
    const r = await request(url, { method: 'GET', headersTimeout: 30_000, bodyTimeout: 60_000, ...(d.dispatcher ? { dispatcher: d.dispatcher } : {}) });
    if (r.statusCode !== 200) {
      r.body.on('error', () => undefined);
      r.body.destroy();
      throw new MediaError(`The stimulus host answered ${r.statusCode}. Sync the study to get a fresh address.`);
    }
    const declared = Number(r.headers['content-length'] ?? 0);
    if (declared > MAX_BYTES) {
      r.body.destroy();
      throw new MediaError('The stimulus file is larger than any stimulus may be, so it was not fetched.');
    }
    let seen = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen += chunk.length;
        cb(seen > MAX_BYTES ? new MediaError('The stimulus file is larger than any stimulus may be, so it was not fetched.') : null, chunk);
      },
    });
    try {
      await pipeline(r.body, cap, createWriteStream(tmp));
      if (!mediaType(tmp)) throw new MediaError('The stimulus file is not an image or video Fieldwork can show.');
      renameSync(tmp, file);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
    return file;
  })();
  inflight.set(file, p);
  void p.finally(() => inflight.delete(file)).catch(() => undefined);
  return p;
}

/** The content type by the file's own bytes; null when it is neither an image nor a video. */
function mediaType(file: string): string | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, head, 0, head.length, 0);
    return sniff(head.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

function serveFile(file: string, rangeHeader: string | undefined): MediaResponse {
  const type = mediaType(file);
  if (!type) return text(415, 'The stimulus file is not an image or video Fieldwork can show.');
  const size = statSync(file).size;
  const base: Record<string, string> = {
    'content-type': type,
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run script; as an <img> it never does.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'content-range': `bytes */${size}` }, body: null };
  const r = range ?? { start: 0, end: size - 1 };
  return {
    status: range ? 206 : 200,
    headers: { ...base, 'content-length': String(r.end - r.start + 1), ...(range ? { 'content-range': `bytes ${r.start}-${r.end}/${size}` } : {}) },
    body: size === 0 ? Readable.from([]) : createReadStream(file, { start: r.start, end: r.end }),
  };
}

function text(status: number, message: string): MediaResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" },
    body: Readable.from([Buffer.from(message)]),
  };
}

import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { SNIFF_BYTES, sniffRecording } from '../../shared/media-sniff';
import { readHead } from './file-head';
import { refuseMediaUrl } from './media-url-guard';
import { once } from 'node:events';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request, type Dispatcher } from 'undici';
import type { ApiClient } from '../api/client';
import { ServiceError } from '../api/errors';
import type { Cache } from '../cache/cache';
import type { VideoFile } from '../cache/queries/jobs';
import { AppError } from '../errors';
import type { Logger } from '../logging/logger';

export type PlaybackSource =
  | { kind: 'local'; file: string; content_type: string; size: number }
  | { kind: 'remote'; url: string; expires_at: string | null }
  | { kind: 'unavailable'; reason: string };

export const NO_RECORDING_AT_SYNC = 'This interview had no recording when it was last synced. Its transcript is below.';

export type DownloadProgress = { interview_id: string; done: number; total: number | null };

const EXT: Record<string, string> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
};

/** Thrown when the bytes behind a video link are not a recording; nothing of them is kept. */
const notMedia = () =>
  new AppError(
    'not_media',
    "The file behind this interview's video link is not a video or audio recording, so Fieldwork did not keep it. Try again later, or ask the service operator.",
  );
const safeId = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);

export type DownloadOptions = { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void };

/** Which interview's part file a download writes, and how much of it was already there. */
type DownloadAt = { interviewId: string; projectId: string; part: string; have: number };

/** A download under way: what the progress, the quota check and the saved record read as the bytes arrive. */
type Downloading = DownloadAt & {
  resuming: boolean;
  total: number | null;
  contentType: string | null;
  done: number;
  used: number;
  quota: number;
};

/**
 * Interview videos for offline use. Signed links expire, so a stored link is only ever used while it is
 * valid; otherwise the record is fetched again for a fresh one. Downloads stream to disk, resume with
 * HTTP Range after an interruption, and stay inside a disk quota.
 */
export class VideoStore {
  constructor(
    private readonly o: {
      dir: string;
      cache: Cache;
      client: () => Promise<ApiClient>;
      quotaBytes: () => number;
      log: Logger;
      now?: () => number;
      dispatcher?: Dispatcher;
    },
  ) {}

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  /** Where to play an interview from: the local copy, a valid signed link, or why neither is possible. */
  async source(interviewId: string, opts: { refresh?: boolean } = {}): Promise<PlaybackSource> {
    const local = await this.o.cache.call('videos.get', { interviewId });
    if (local?.state === 'complete' && existsSync(local.file)) {
      return { kind: 'local', file: local.file, content_type: local.content_type ?? 'video/webm', size: statSync(local.file).size };
    }
    if (!opts.refresh) {
      const url = await this.o.cache.call('interviews.liveVideoUrl', { id: interviewId, nowMs: this.now() });
      if (url) {
        const refused = await this.refusal(url);
        if (refused) return { kind: 'unavailable', reason: refused };
        return { kind: 'remote', url, expires_at: (await this.o.cache.call('interviews.get', { id: interviewId }))?.video_url_expires_at ?? null };
      }
    }
    try {
      const fresh = await this.freshLink(interviewId);
      const refused = fresh ? await this.refusal(fresh.url) : null;
      if (refused) return { kind: 'unavailable', reason: refused };
      if (fresh) return { kind: 'remote', url: fresh.url, expires_at: fresh.expiresAt };
      return { kind: 'unavailable', reason: 'This interview has no recording.' };
    } catch (e) {
      if (e instanceof ServiceError && e.status === 0) {
        // A record synced without a video link had no recording (a chat interview): saying it "wasn't
        // downloaded" would send the researcher to look for a download that cannot exist.
        const rec = await this.o.cache.call('interviews.get', { id: interviewId });
        if (rec && rec.video_url === null) return { kind: 'unavailable', reason: NO_RECORDING_AT_SYNC };
        return {
          kind: 'unavailable',
          reason: "You're offline and this video wasn't downloaded. Connect to watch it, or download it for offline use next time you're online.",
        };
      }
      throw e;
    }
  }

  /** Why a media link must not be fetched (local or private address, odd scheme), or null. */
  private async refusal(url: string): Promise<string | null> {
    let base: string | null = null;
    try {
      base = (await this.o.client()).baseUrl;
    } catch {
      // No client (the key is missing): judge the link on its own.
    }
    return refuseMediaUrl(url, base);
  }

  /** Re-reads the record for a new signed link, and stores it. */
  async freshLink(interviewId: string): Promise<{ url: string; expiresAt: string | null } | null> {
    const rec = await this.o.cache.call('interviews.get', { id: interviewId });
    if (!rec) throw new AppError('unknown_interview', 'This interview is not in the offline cache. Sync the workspace first.');
    const client = await this.o.client();
    const page = await client.listInterviews(rec.project_id, { interview_id: interviewId });
    const item = page.items[0];
    if (!item?.video_url) return null;
    await this.o.cache.call('interviews.updateVideoLink', { id: interviewId, url: item.video_url, expiresAt: item.video_url_expires_at });
    return { url: item.video_url, expiresAt: item.video_url_expires_at };
  }

  async usage(): Promise<{ bytes: number; quota: number }> {
    return { bytes: await this.o.cache.call('videos.bytesUsed'), quota: this.o.quotaBytes() };
  }

  /** Downloads (or finishes downloading) one interview's video. */
  async download(interviewId: string, opts: DownloadOptions = {}): Promise<VideoFile> {
    const existing = await this.o.cache.call('videos.get', { interviewId });
    if (existing?.state === 'complete' && existsSync(existing.file)) return existing;
    const rec = await this.o.cache.call('interviews.get', { id: interviewId });
    if (!rec) throw new AppError('unknown_interview', 'This interview is not in the offline cache. Sync the workspace first.');
    mkdirSync(this.o.dir, { recursive: true });
    let url = await this.o.cache.call('interviews.liveVideoUrl', { id: interviewId, nowMs: this.now() });
    let refreshed = false;
    if (!url) {
      url = (await this.freshLink(interviewId))?.url ?? null;
      refreshed = true;
    }
    if (!url) throw new AppError('no_recording', 'This interview has no recording to download.');

    for (;;) {
      const refused = await this.refusal(url);
      if (refused) throw new AppError('unsafe_link', refused);
      const part = join(this.o.dir, `${safeId(interviewId)}.part`);
      const have = existsSync(part) ? statSync(part).size : 0;
      const res = await this.get(url, have, opts.signal);
      if (res.statusCode === 403 && !refreshed) {
        // The link expired between the check and the request: one fresh link, then carry on.
        await res.body.dump();
        url = (await this.freshLink(interviewId))?.url ?? null;
        refreshed = true;
        if (!url) throw new AppError('no_recording', 'This interview has no recording to download.');
        continue;
      }
      if (res.statusCode === 416 && have > 0) {
        await res.body.dump();
        return this.finish(interviewId, rec.project_id, part, have, null);
      }
      if (res.statusCode !== 200 && res.statusCode !== 206) {
        await res.body.dump();
        throw new AppError('download_failed', `The video could not be downloaded (HTTP ${res.statusCode}). Try again later.`);
      }
      return this.receive({ interviewId, projectId: rec.project_id, part, have }, res, opts);
    }
  }

  /** Streams a 200 or 206 answer into the part file within the quota, then keeps it if its bytes are a recording. */
  private async receive(at: DownloadAt, res: Dispatcher.ResponseData, opts: DownloadOptions): Promise<VideoFile> {
    const { interviewId, part, have } = at;
    const resuming = res.statusCode === 206 && have > 0;
    const total = totalSize(res.headers, resuming ? have : 0);
    const d: Downloading = {
      ...at,
      resuming,
      total,
      // The type is decided by the bytes, never by the header: a page of HTML is not kept as a video.
      contentType: resuming ? ((await this.o.cache.call('videos.get', { interviewId }))?.content_type ?? null) : null,
      done: resuming ? have : 0,
      ...(await this.quotaLeft(res, total, resuming ? have : 0)),
    };
    await this.record(d, 'partial');
    const file = createWriteStream(part, { flags: resuming ? 'a' : 'w' });
    try {
      await pipeline(res.body, this.counting(d, opts), file, ...(opts.signal ? [{ signal: opts.signal }] : []));
      // A file shorter than the sniff window, or a resumed one whose type was never decided.
      d.contentType ??= sniffRecording(readHead(part));
      if (!d.contentType) throw notMedia();
    } catch (e) {
      // The pipeline can fail (the first bytes are a web page) while the file is still being opened: it is created
      // after that, so removing it before it closes left an empty .part behind.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      if (e instanceof AppError && e.code === 'not_media') {
        await this.remove(interviewId);
        throw e;
      }
      await this.record(d, 'partial');
      if (opts.signal?.aborted) throw new AppError('aborted', 'Download paused. It resumes where it stopped next time.');
      throw e instanceof AppError ? e : new AppError('download_failed', 'The download was interrupted. It resumes where it stopped next time.');
    }
    return this.finish(interviewId, at.projectId, part, d.done, d.contentType);
  }

  /** The quota and what is used of it; refuses (dropping the answer) a download whose known size does not fit. */
  private async quotaLeft(res: Dispatcher.ResponseData, total: number | null, resumedFrom: number): Promise<{ used: number; quota: number }> {
    const used = await this.o.cache.call('videos.bytesUsed');
    const quota = this.o.quotaBytes();
    const needed = total === null ? 0 : total - resumedFrom;
    if (total !== null && used + needed > quota) {
      await res.body.dump();
      throw new AppError(
        'quota_exceeded',
        `Downloading this video needs ${mb(needed)} but only ${mb(Math.max(0, quota - used))} of the ${mb(quota)} offline-video quota is left. Remove downloads or raise the quota in Settings.`,
        { needed, used, quota },
      );
    }
    return { used, quota };
  }

  /** Saves how far a download has got, so it resumes from there. */
  private async record(d: Downloading, state: VideoFile['state']): Promise<void> {
    return this.o.cache.call('videos.save', {
      video: {
        interview_id: d.interviewId,
        project_id: d.projectId,
        file: d.part,
        content_type: d.contentType,
        bytes_total: d.total,
        bytes_done: d.done,
        state,
        updated_at: new Date(this.now()).toISOString(),
      },
    });
  }

  /** Passes the bytes on while it sniffs their type, counts them against the quota, reports and saves progress. */
  private counting(d: Downloading, opts: DownloadOptions): Transform {
    let lastSaved = d.done;
    let head = Buffer.alloc(0);
    return new Transform({
      transform: (chunk: Buffer, _enc, cb) => {
        if (d.contentType === null) {
          head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
          if (head.length >= SNIFF_BYTES) {
            d.contentType = sniffRecording(head);
            if (!d.contentType) return cb(notMedia());
          }
        }
        d.done += chunk.length;
        if (d.used + d.done - (d.resuming ? d.have : 0) > d.quota)
          return cb(new AppError('quota_exceeded', `The offline-video quota of ${mb(d.quota)} is full. Remove downloads or raise the quota in Settings.`));
        opts.onProgress?.({ interview_id: d.interviewId, done: d.done, total: d.total });
        if (d.done - lastSaved > 1024 * 1024) {
          lastSaved = d.done;
          void this.record(d, 'partial');
        }
        cb(null, chunk);
      },
    });
  }

  private async finish(interviewId: string, projectId: string, part: string, size: number, contentType: string | null): Promise<VideoFile> {
    const type = contentType ?? sniffRecording(readHead(part));
    if (!type) {
      await this.remove(interviewId);
      throw notMedia();
    }
    const file = join(this.o.dir, `${safeId(interviewId)}.${EXT[type] ?? 'video'}`);
    renameSync(part, file);
    const video: VideoFile = {
      interview_id: interviewId,
      project_id: projectId,
      file,
      content_type: type,
      bytes_total: size,
      bytes_done: size,
      state: 'complete',
      updated_at: new Date(this.now()).toISOString(),
    };
    await this.o.cache.call('videos.save', { video });
    return video;
  }

  /** Every video of a project that has one, one after another; failures are reported, not fatal. */
  async downloadProject(
    projectId: string,
    opts: { signal?: AbortSignal; onProgress?: (p: { done: number; total: number; current: DownloadProgress | null }) => void } = {},
  ): Promise<{ downloaded: number; skipped: number; failed: { interview_id: string; message: string }[] }> {
    const { items } = await this.o.cache.call('interviews.list', { projectId });
    const withVideo = items.filter((i) => i.has_video);
    const out = { downloaded: 0, skipped: 0, failed: [] as { interview_id: string; message: string }[] };
    let n = 0;
    for (const i of withVideo) {
      if (opts.signal?.aborted) break;
      const before = await this.o.cache.call('videos.get', { interviewId: i.id });
      if (before?.state === 'complete' && existsSync(before.file)) out.skipped++;
      else {
        try {
          await this.download(i.id, {
            ...(opts.signal ? { signal: opts.signal } : {}),
            onProgress: (p) => opts.onProgress?.({ done: n, total: withVideo.length, current: p }),
          });
          out.downloaded++;
        } catch (e) {
          if (e instanceof AppError && (e.code === 'aborted' || e.code === 'quota_exceeded')) throw e;
          out.failed.push({ interview_id: i.id, message: e instanceof AppError ? e.message : 'Download failed.' });
        }
      }
      n++;
      opts.onProgress?.({ done: n, total: withVideo.length, current: null });
    }
    return out;
  }

  async remove(interviewId: string): Promise<void> {
    const v = await this.o.cache.call('videos.get', { interviewId });
    if (v) {
      for (const f of [v.file, join(this.o.dir, `${safeId(interviewId)}.part`)]) if (existsSync(f)) unlinkSync(f);
      await this.o.cache.call('videos.delete', { interviewId });
    }
  }

  /** Deletes every downloaded file (the workspace is going away). */
  removeAllFiles(): void {
    rmSync(this.o.dir, { recursive: true, force: true });
  }

  private async get(url: string, from: number, signal?: AbortSignal): Promise<Dispatcher.ResponseData> {
    try {
      // A signed storage link needs no API key, and must not get one: it may point at another host.
      return await request(url, {
        method: 'GET',
        headers: from > 0 ? { range: `bytes=${from}-` } : {},
        ...(signal ? { signal } : {}),
        ...(this.o.dispatcher ? { dispatcher: this.o.dispatcher } : {}),
        headersTimeout: 30_000,
        bodyTimeout: 60_000,
      });
    } catch {
      if (signal?.aborted) throw new AppError('aborted', 'Download paused. It resumes where it stopped next time.');
      throw new ServiceError(0, 'network_error', "The video host can't be reached. Check your connection; the download resumes where it stopped.");
    }
  }
}

function totalSize(headers: Record<string, string | string[] | undefined>, offset: number): number | null {
  const range = headers['content-range'];
  const m = typeof range === 'string' ? /\/(\d+)$/.exec(range) : null;
  if (m) return Number(m[1]);
  const len = headers['content-length'];
  return typeof len === 'string' && /^\d+$/.test(len) ? Number(len) + offset : null;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

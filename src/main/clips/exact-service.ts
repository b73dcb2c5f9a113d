/**
 * Frame-exact clips (issue 14 §1), main's half. A frame-exact cut re-encodes, and only the renderer has encoders
 * (WebCodecs), so the renderer cuts (renderer/features/clips/exact-cut.ts) and main does the rest: `source` says
 * what to cut (the saved video's media URL, never a path; the span and captions the clip export would use) and
 * `write` puts the result where the clip export puts its clips, through the export sink, and `finish` joins the
 * clips into a reel (writeReel, as the keyframe export does) and says what was done.
 *
 * One export is one sink, open from its first write to `finish`: each file lands under its name as it is
 * written, and clips.cancel (the job with the export id) removes every file the export wrote, so a cancelled
 * or failed frame-exact export leaves the folder as it was, like a keyframe one.
 */
import { join } from 'node:path';
import type { Cache } from '../cache/cache';
import type { clipChannels, ClipExportView, ExactClipSourceView, ExactClipWrittenView } from '../../shared/ipc/channels/clips';
import type { ParsedInputOf } from '../../shared/ipc/define';
import { AppError } from '../errors';
import type { OutputPort } from '../output/port';
import { safeFileName } from '../output/file-names';
import { cancelledError, openExportSink, type ExportSink } from '../output/sink';
import type { JobRegistry } from '../jobs/job-registry';
import type { Redactor } from '../output/redactor';
import type { RuntimeManager } from '../workspaces/runtime';
import { toWebVtt } from './captions';
import { clipExportView } from './clip-export-service';
import { labelFor, redactCues } from './clip-plan';
import { reelClip, summaryNotes, writeReel, type ClipMediaFns, type ExportedClip, type LeftOut } from './export';
import type { Cue } from './media';
import { clipCues, clipRange, readClipSources, type ClipSource } from './plan';

export type ExactClipDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** The output floor's folder guard (only folders chosen with exports.chooseFolder) and redactor. */
  exports: OutputPort;
  jobs: JobRegistry;
  /** How the renderer addresses a saved video (fieldwork-media: in Electron). */
  mediaUrl: (workspaceId: string, interviewId: string) => string;
  /** The media core (loadClipMedia): joins the reel. */
  media: () => Promise<Pick<ClipMediaFns, 'joinClips' | 'toWebVtt'>>;
};

export type ExactSourceRequest = {
  workspace_id: string;
  project_id: string;
  highlight_id: string;
  pad_ms: number;
  include_participant: boolean;
  redact: boolean;
};

export type ExactWriteRequest = {
  workspace_id: string;
  project_id: string;
  export_id: string;
  folder: string;
  title: string;
  stem: string;
  bytes: Uint8Array;
  vtt: string;
};

export type ExactFinishRequest = ParsedInputOf<(typeof clipChannels)['clips.exactFinish']>;

export type ExactClipService = {
  source(r: ExactSourceRequest): Promise<ExactClipSourceView>;
  write(r: ExactWriteRequest): Promise<ExactClipWrittenView>;
  finish(r: ExactFinishRequest): Promise<ClipExportView>;
};

/** A highlight as a frame-exact cut takes it: the span, its label and its captions timed from the span's start. */
type ExactPlan = { title: string; source: ClipSource; range: { startMs: number; endMs: number }; label: string; cues: Cue[]; redactedWords: boolean };

/** An export between its first write and its finish: one sink, so cancelling removes all it wrote. */
type Session = { folder: string; sink: ExportSink; signal: AbortSignal; done: () => void; files: Set<string> };

const SAVE_HINT = 'Open the interview and choose "Save for offline" (or sync its videos), then cut it again.';

async function planExact(cache: Pick<Cache, 'call'>, r: Omit<ExactSourceRequest, 'workspace_id'>, redactor: Redactor): Promise<ExactPlan> {
  // The same reading as the clip export's, so both cut the same span for the same highlight.
  const { title, sources } = await readClipSources(cache, r.project_id, { kind: 'highlights', ids: [r.highlight_id] });
  const source = sources[0]!;
  const transcript = (await cache.call('interviews.get', { id: source.interview_id }))?.transcript;
  if (!transcript) throw new AppError('clip_unplaceable', 'Its interview is not in the saved data any more. Sync, then cut it again.');
  const planned = clipRange(transcript, source, { padMs: r.pad_ms });
  if (!planned.ok) throw new AppError('clip_unplaceable', planned.reason);
  const label = labelFor(source, r.include_participant, redactor);
  // A frame-exact cut starts where asked, so the captions are timed from the requested start as they are.
  const { cues, changed } = redactCues(clipCues(transcript, planned.range, label), redactor);
  return { title: redactor.text(title), source, range: planned.range, label, cues, redactedWords: changed };
}

/** The open exports by id: one sink each, from the first write to finish, cancel or failure. */
type Sessions = {
  /** The export's sink, opened by its first write; a write into another folder under the same id starts afresh. */
  session(exportId: string, folder: string): Promise<Session>;
  /** The export's session when one is open (or opening), without opening one. */
  find(exportId: string): Promise<Session> | undefined;
  close(exportId: string, s: Session): void;
  /** A failure undoes the whole export, as a keyframe export's does. */
  undo(exportId: string, s: Session, e: unknown): Promise<never>;
};

function createSessions(jobs: JobRegistry): Sessions {
  const sessions = new Map<string, Promise<Session>>();
  const opened = new WeakMap<Session, Promise<Session>>();
  const close = (id: string, s: Session) => {
    if (sessions.get(id) === opened.get(s)) sessions.delete(id);
    s.done();
  };
  const session = async (exportId: string, folder: string): Promise<Session> => {
    const found = sessions.get(exportId);
    if (found) {
      const s = await found;
      if (s.folder === folder && !s.signal.aborted) return s;
    }
    const job = jobs.start(exportId);
    const opening = openExportSink({ target: { kind: 'folder', folder }, signal: job.signal }).then((sink) => {
      const s: Session = { folder, sink, signal: job.signal, done: job.done, files: new Set() };
      opened.set(s, opening);
      // Cancelled (clips.cancel): the sink removes what it wrote on the same signal; the session is over.
      job.signal.addEventListener('abort', () => close(exportId, s), { once: true });
      return s;
    });
    sessions.set(exportId, opening);
    opening.catch(() => {
      if (sessions.get(exportId) === opening) sessions.delete(exportId);
      job.done();
    });
    return opening;
  };
  const undo = async (exportId: string, s: Session, e: unknown): Promise<never> => {
    await s.sink.cancel().catch(() => undefined);
    close(exportId, s);
    throw s.signal.aborted ? cancelledError() : e;
  };
  return { session, find: (id) => sessions.get(id), close, undo };
}

/** What the renderer needs to cut one highlight: the saved video's URL, the span and its captions. */
async function exactSource(d: ExactClipDeps, r: ExactSourceRequest): Promise<ExactClipSourceView> {
  const { cache } = await d.runtimes.get(r.workspace_id);
  const redactor = await d.exports.redactor(r.workspace_id, r.project_id, r.redact);
  const p = await planExact(cache, r, redactor);
  const video = await cache.call('videos.get', { interviewId: p.source.interview_id });
  // Only the saved copy: a frame-exact cut reads the whole span, which over the network would be slow and may expire.
  if (video?.state !== 'complete') throw new AppError('clip_no_video', `Its interview has no saved video. ${SAVE_HINT}`);
  return {
    media_url: d.mediaUrl(r.workspace_id, p.source.interview_id),
    start_ms: p.range.startMs,
    end_ms: p.range.endMs,
    vtt: toWebVtt(p.cues),
    label: p.label,
    title: p.title,
  };
}

/** Writes one cut clip and its captions into the export's sink. */
async function exactWrite(d: ExactClipDeps, sessions: Sessions, r: ExactWriteRequest): Promise<ExactClipWrittenView> {
  const folder = d.exports.allowedFolder(r.folder);
  const s = await sessions.session(r.export_id, folder);
  try {
    const dir = safeFileName(r.title, { fallback: 'Clips' });
    const stem = safeFileName(r.stem, { fallback: 'clip' });
    const video = await s.sink.writeFile(`${dir}/clips/${safeFileName(stem, { ext: 'webm', fallback: 'clip' })}`, r.bytes);
    // Beside the clip under the same name, " (2)" and all.
    const vtt = await s.sink.writeFile(`${video.path.slice(0, -'.webm'.length)}.vtt`, r.vtt);
    s.files.add(video.path);
    d.exports.remember(folder);
    return { location: folder, file: video.path, vtt: vtt.path, bytes: video.bytes + vtt.bytes };
  } catch (e) {
    return sessions.undo(r.export_id, s, e);
  }
}

type PlannedClip = ExactFinishRequest['clips'][number] & { plan: ExactPlan };

/** What the renderer left out (its plan's reasons, or unticked): said in the notes and the summary, which need no interview id. */
function leftOutOf(r: ExactFinishRequest): LeftOut[] {
  return r.left_out.map(({ chosen, ...l }) => ({
    ...l,
    interview_id: '',
    from: 'clips',
    ...(chosen ? { chosen: true as const } : {}),
  }));
}

/** The clips as written, each as the summary and the view describe it. */
function writtenClips(clips: PlannedClip[]): ExportedClip[] {
  return clips.map((c) => ({
    highlight_id: c.highlight_id,
    interview_id: c.plan.source.interview_id,
    participant: c.plan.label,
    file: c.file,
    vtt: `${c.file.slice(0, -'.webm'.length)}.vtt`,
    requested: { start_ms: c.plan.range.startMs, end_ms: c.plan.range.endMs },
    start_ms: c.plan.range.startMs,
    end_ms: c.plan.range.startMs + c.duration_ms,
    duration_ms: c.duration_ms,
    snapped: false,
  }));
}

type Reel = Awaited<ReturnType<typeof writeReel>>['reel'];

/** Joins the written clips into a reel, as the keyframe export does; what the reel leaves out joins leftOut. */
async function joinExactReel(
  d: ExactClipDeps,
  s: Session,
  r: ExactFinishRequest,
  j: { dir: string; clips: PlannedClip[]; leftOut: LeftOut[]; redactor: Redactor },
): Promise<Reel> {
  const { dir, clips, leftOut, redactor } = j;
  const cuts = clips.map((c) => ({ clip: { snapped: false }, redactedWords: c.plan.redactedWords }));
  const [video, audio] = r.codec.split('/');
  const exactClip = { ext: 'webm' as const, videoCodec: video ?? null, audioCodec: audio ?? null };
  const joined = await writeReel(s.sink, {
    dir,
    title: redactor.text(r.title),
    clips: clips.map((c) => ({
      // The clip as written: all of it, its captions timed from its start.
      ...reelClip(c.plan.source, c.plan.label, { input: join(s.folder, c.file), range: { startMs: 0, endMs: c.duration_ms }, cues: c.plan.cues }, redactor),
      clip: { ...exactClip, durationMs: c.duration_ms },
    })),
    media: await d.media(),
    signal: s.signal,
    pageNotes: (outOfReel) => summaryNotes(cuts, [...leftOut, ...outOfReel], redactor, { exact: r.codec }),
  });
  leftOut.push(...joined.leftOut);
  return joined.reel;
}

/** Checks the clips are this export's, joins the reel when asked and closes the sink. */
async function exactFinish(d: ExactClipDeps, sessions: Sessions, r: ExactFinishRequest): Promise<ClipExportView> {
  const folder = d.exports.allowedFolder(r.folder);
  const found = sessions.find(r.export_id);
  const s = found ? await found : null;
  if (!s || s.folder !== folder || s.signal.aborted) {
    throw new AppError('clip_export_gone', 'This export wrote no clips, or was cancelled. Export the clips again.');
  }
  try {
    // Only what this export wrote is read back: the renderer names files, main checks them.
    const stranger = r.clips.find((c) => !s.files.has(c.file));
    if (stranger) throw new AppError('not_allowed', `"${stranger.file}" was not written by this export, so it is not joined into the reel.`);
    const { cache } = await d.runtimes.get(r.workspace_id);
    const redactor = await d.exports.redactor(r.workspace_id, r.project_id, r.redact);
    const clips = await Promise.all(r.clips.map(async (c) => ({ ...c, plan: await planExact(cache, { ...r, highlight_id: c.highlight_id }, redactor) })));
    const dir = r.clips[0]!.file.split('/')[0]!;
    const cuts = clips.map((c) => ({ clip: { snapped: false }, redactedWords: c.plan.redactedWords }));
    const leftOut = leftOutOf(r);
    const reel = r.reel ? await joinExactReel(d, s, r, { dir, clips, leftOut, redactor }) : null;
    const result = await s.sink.finish();
    sessions.close(r.export_id, s);
    return clipExportView({
      location: join(result.location, dir),
      files: result.files,
      bytes: result.bytes,
      clips: writtenClips(clips),
      reel,
      left_out: leftOut,
      snapped: false,
      redacted: redactor.active,
      notes: summaryNotes(cuts, leftOut, redactor, { exact: r.codec }),
    });
  } catch (e) {
    return sessions.undo(r.export_id, s, e);
  }
}

export function createExactClipService(d: ExactClipDeps): ExactClipService {
  const sessions = createSessions(d.jobs);
  return {
    source: (r) => exactSource(d, r),
    write: (r) => exactWrite(d, sessions, r),
    finish: (r) => exactFinish(d, sessions, r),
  };
}

/**
 * Clips and reels exported from the saved videos (issue 14 §1), nothing uploaded: each clip a video file
 * with its WebVTT beside it, and with a reel also reel.<ext>, reel.vtt and the reel page. Everything goes
 * through the export sink, so a cancelled or failed export leaves nothing behind.
 *
 * DIR/<code name or "Highlights">/
 *   clips/01 <participant code, or "Name (P07)">.<ext>   clips/01 <…>.vtt   …
 *   reel.<ext>   reel.vtt   index.html                                   (with a reel)
 *
 * With `audioOnly` each clip and the reel is its sound only (.m4a, .ogg or .mka: sound-only.ts), its captions
 * beside it as ever: the picture a redacted export cannot change is left out.
 *
 * Cutting and joining are the media core's (cut.ts, reel.ts, captions.ts); they come in as `ClipMediaFns`,
 * so this runs the same with the real ones or with a fake in tests.
 */
import { join } from 'node:path';
import type { Cache } from '../cache/cache';
import { AppError } from '../errors';
import { safeFileName } from '../output/file-names';
import { cancelledError, openExportSink, type ExportSink, type WrittenFile } from '../output/sink';
import { count, named } from '../output/summary';
import { NO_REDACTION, type Redactor } from '../output/redactor';
import { redactionNotes } from '../output/summary-notes';
import type { ClipMediaFns, Cue, CutClip, JoinedReel, ReelPart } from './media';
import { DEFAULT_SAVE_HINT, planClips, redactCues, type ClipPlanRequest, type PlannedClip } from './clip-plan';
import { clipCues, type ClipSource } from './plan';
import { renderReelPage, type ReelQuote } from './reel-page';

/** The media core's contract lives with its other types (media.ts); exporters and tests take it from here too. */
export type { ClipMediaFns, JoinedReel, ReelPart } from './media';

export type ClipExportProgress = { done: number; total: number; current: string | null };

export type ClipExportRequest = ClipPlanRequest & {
  /** DIR: an existing folder; the export goes into DIR/<code or "Highlights">/. */
  folder: string;
  reel: boolean;
  media: ClipMediaFns;
  /** Leave the picture out: each clip and the reel is its sound, with its captions beside it. */
  audioOnly?: boolean;
  /** Highlights the researcher unticked: listed as left out, not cut. */
  leaveOut?: readonly string[];
  signal?: AbortSignal;
  onProgress?: (p: ClipExportProgress) => void;
};

export type ExportedClip = {
  highlight_id: string;
  interview_id: string;
  participant: string;
  /** The clip's video and captions, relative to the export folder. */
  file: string;
  vtt: string;
  requested: { start_ms: number; end_ms: number };
  /** Where the clip really starts and ends in its recording (earlier when the cut snapped to a keyframe). */
  start_ms: number;
  end_ms: number;
  duration_ms: number;
  snapped: boolean;
};

export type LeftOut = {
  highlight_id: string;
  interview_id: string;
  participant: string;
  reason: string;
  from: 'clips' | 'reel';
  /** The researcher unticked it: said once as a count, not listed among what could not be cut. */
  chosen?: true;
};

export type ClipExportSummary = {
  /** The export's folder (DIR/<code or "Highlights">). */
  location: string;
  files: WrittenFile[];
  bytes: number;
  clips: ExportedClip[];
  reel: { file: string; vtt: string; page: string; duration_ms: number } | null;
  left_out: LeftOut[];
  snapped: boolean;
  redacted: boolean;
  notes: string[];
};

type Cut = {
  source: ClipSource;
  label: string;
  /** The recording it was cut from, the span asked for and its captions timed from that span: how the reel cuts it again. */
  part: ReelPart;
  clip: CutClip;
  cues: Cue[];
  /** Redaction changed its captions: the audio still says what they hide. */
  redactedWords: boolean;
  written: ExportedClip;
};

/** What cutting one export's clips shares: where they go, what was left out and how far it has got. */
type ClipRun = {
  req: ClipExportRequest;
  redactor: Redactor;
  dir: string;
  sink: ExportSink;
  leftOut: LeftOut[];
  /** Says what is being cut now (null: between steps). */
  progress: (current: string | null) => void;
  /** One step done: counted, then said. */
  advance: () => void;
  /** Throws once the export is cancelled, so no further step starts. */
  stop: () => void;
};

/** A planned clip that can be cut: it has its span, its saved video and its transcript. */
type Cuttable = PlannedClip & { range: NonNullable<PlannedClip['range']>; file: string; transcript: NonNullable<PlannedClip['transcript']> };

/** What every cut and the reel's join are asked for, beside their own cues. */
const cutOptions = (req: Pick<ClipExportRequest, 'audioOnly' | 'signal'>): { audioOnly?: true; signal?: AbortSignal } => ({
  ...(req.audioOnly ? { audioOnly: true } : {}),
  ...(req.signal ? { signal: req.signal } : {}),
});

/** Cuts one clip, redacts its captions and writes both beside each other; `n` numbers its file. */
async function cutOne(run: ClipRun, p: Cuttable, n: string): Promise<Cut> {
  const { req, redactor, dir, sink } = run;
  const { source, label } = p;
  run.stop();
  run.progress(label);
  const clip = await req.media.cutClip(p.file, p.range, { cues: p.cues, ...cutOptions(req) });
  run.stop();
  // Timed from where the cut really starts, so the captions match what is heard.
  const { cues, changed } = redactCues(clipCues(p.transcript, clip.actual, label, p.durationMs), redactor);
  const written = await sink.writeFile(`${dir}/clips/${safeFileName(`${n} ${label}`, { ext: clip.ext, fallback: n })}`, clip.bytes);
  const stem = written.path.slice(0, -(clip.ext.length + 1));
  const vtt = await sink.writeFile(`${stem}.vtt`, req.media.toWebVtt(cues));
  return {
    source,
    label,
    part: { input: p.file, range: p.range, cues: p.cues },
    clip,
    cues,
    redactedWords: changed,
    written: {
      highlight_id: source.id,
      interview_id: source.interview_id,
      participant: label,
      file: written.path,
      vtt: vtt.path,
      requested: { start_ms: p.range.startMs, end_ms: p.range.endMs },
      start_ms: clip.actual.startMs,
      end_ms: clip.actual.endMs,
      duration_ms: clip.durationMs,
      snapped: clip.snapped,
    },
  };
}

/** Cuts every planned clip in order; the unticked and the uncuttable are listed as left out instead. */
async function cutAll(run: ClipRun, planned: PlannedClip[], unticked: Set<string>): Promise<Cut[]> {
  const cuts: Cut[] = [];
  for (const p of planned) {
    const { source, label } = p;
    const skip = (reason: string, chosen?: true) =>
      run.leftOut.push({
        highlight_id: source.id,
        interview_id: source.interview_id,
        participant: label,
        reason,
        from: 'clips',
        ...(chosen ? { chosen } : {}),
      });
    if (unticked.has(source.id)) {
      skip('You left it out.', true);
      continue;
    }
    if (p.reason !== null || !p.range || !p.file || !p.transcript) {
      skip(p.reason ?? DEFAULT_SAVE_HINT);
      continue;
    }
    const n = String(cuts.length + 1).padStart(2, '0');
    cuts.push(await cutOne(run, { ...p, range: p.range, file: p.file, transcript: p.transcript }, n));
    run.advance();
  }
  return cuts;
}

/** Joins the cut clips into the reel and its page; what the reel leaves out joins leftOut. */
async function joinReel(run: ClipRun, title: string, cuts: Cut[]): Promise<ClipExportSummary['reel']> {
  const { req, redactor, leftOut } = run;
  run.stop();
  run.progress('reel');
  const joined = await writeReel(run.sink, {
    dir: run.dir,
    title: redactor.text(title),
    clips: cuts.map((c) => ({ ...reelClip(c.source, c.label, c.part, redactor), clip: c.clip })),
    media: req.media,
    ...cutOptions(req),
    pageNotes: (outOfReel) => summaryNotes(cuts, [...leftOut, ...outOfReel], redactor, { audioOnly: req.audioOnly === true }),
  });
  leftOut.push(...joined.leftOut);
  run.advance();
  return joined.reel;
}

export async function exportClips(cache: Pick<Cache, 'call'>, req: ClipExportRequest): Promise<ClipExportSummary> {
  const redactor = req.redactor ?? NO_REDACTION;
  const { title, clips: planned } = await planClips(cache, req);
  if (planned.length === 0) {
    throw new AppError('nothing_to_clip', `No segment is coded with "${title}" yet. Code segments in the interview viewer, then export the clips.`);
  }
  const unticked = new Set(req.leaveOut ?? []);
  const dir = safeFileName(redactor.text(title), { fallback: 'Clips' });
  const leftOut: LeftOut[] = [];
  const notes: string[] = [];
  // Progress counts what will be cut: not the unticked, nor those that cannot be.
  const wanted = planned.filter((p) => !unticked.has(p.source.id) && p.reason === null);
  const total = wanted.length + (req.reel ? 1 : 0);
  let done = 0;
  const progress = (current: string | null) => req.onProgress?.({ done, total, current });
  const stop = () => {
    if (req.signal?.aborted) throw cancelledError();
  };
  const sink: ExportSink = await openExportSink({
    target: { kind: 'folder', folder: req.folder },
    ...(req.signal ? { signal: req.signal } : {}),
    expected: { files: wanted.length * 2 + (req.reel ? 3 : 0) },
  });
  const advance = () => {
    done++;
    progress(null);
  };
  const run: ClipRun = { req, redactor, dir, sink, leftOut, progress, advance, stop };
  try {
    const cuts = await cutAll(run, planned, unticked);
    let reel: ClipExportSummary['reel'] = null;
    if (req.reel && cuts.length > 0) reel = await joinReel(run, title, cuts);
    else if (req.reel) notes.push('No clip could be cut, so there is no reel.');
    const result = await sink.finish();
    notes.unshift(...summaryNotes(cuts, leftOut, redactor, { audioOnly: req.audioOnly === true }));
    return {
      location: join(result.location, dir),
      files: result.files,
      bytes: result.bytes,
      clips: cuts.map((c) => c.written),
      reel,
      left_out: leftOut,
      snapped: cuts.some((c) => c.clip.snapped),
      redacted: redactor.active,
      notes,
    };
  } catch (e) {
    await sink.cancel().catch(() => undefined);
    if (req.signal?.aborted) throw cancelledError();
    throw e;
  }
}

/** One clip of a reel as writeReel takes it: the file or span to join, how it was cut, and its quote for the page (redacted). */
export type ReelClipInput = {
  highlight_id: string;
  interview_id: string;
  participant: string;
  code: string | null;
  text: string;
  part: ReelPart;
  clip: Pick<CutClip, 'ext' | 'videoCodec' | 'audioCodec' | 'durationMs'>;
};

/** A clip's reel entry with its code and words redacted as the page shows them. */
export function reelClip(source: ClipSource, label: string, part: ReelPart, redactor: Redactor): Omit<ReelClipInput, 'clip'> {
  return {
    highlight_id: source.id,
    interview_id: source.interview_id,
    participant: label,
    code: source.code === null ? null : redactor.text(source.code),
    text: redactor.text(source.text),
    part,
  };
}

/**
 * Joins clips into `<dir>/reel.<ext>`, `reel.vtt` and the reel page (index.html) through `sink`: the keyframe
 * export's reel and the frame-exact one's (exact-service.ts) alike. A reel joins by packet copy, so a clip
 * whose format differs from the first's is left out of it (it stays in clips/). `pageNotes` gets those left out.
 */
export async function writeReel(
  sink: ExportSink,
  o: {
    dir: string;
    /** The page's heading, redacted. */
    title: string;
    clips: ReelClipInput[];
    media: Pick<ClipMediaFns, 'joinClips' | 'toWebVtt'>;
    /** The reel without its picture, as its clips (cutOptions). */
    audioOnly?: true;
    signal?: AbortSignal;
    pageNotes: (leftOut: LeftOut[]) => string[];
  },
): Promise<{ reel: NonNullable<ClipExportSummary['reel']>; leftOut: LeftOut[] }> {
  const leftOut: LeftOut[] = [];
  const first = o.clips[0]!.clip;
  const same = (c: ReelClipInput['clip']) => c.ext === first.ext && c.videoCodec === first.videoCodec && c.audioCodec === first.audioCodec;
  const outOfReel = (c: ReelClipInput, reason: string) =>
    leftOut.push({ highlight_id: c.highlight_id, interview_id: c.interview_id, participant: c.participant, reason, from: 'reel' });
  let inReel = o.clips.filter((c) => same(c.clip));
  for (const c of o.clips.filter((x) => !same(x.clip))) {
    outOfReel(
      c,
      `Its video (${describe(c.clip)}) differs from the reel's (${describe(first)}), and a reel joins clips without re-encoding. The clip itself is in clips/.`,
    );
  }
  let joined: JoinedReel | null = null;
  while (!joined) {
    try {
      joined = await o.media.joinClips(
        inReel.map((c) => c.part),
        cutOptions(o),
      );
    } catch (e) {
      // A difference the codecs do not show (picture size, sound format): that clip stays in clips/ only.
      const at = e instanceof AppError && e.code === 'reel_clip_mismatch' ? Number(e.details.clip) - 1 : -1;
      if (at < 1 || at >= inReel.length) throw e;
      outOfReel(inReel[at]!, `${e instanceof Error ? e.message : String(e)} The clip itself is in clips/.`);
      inReel = inReel.filter((_, i) => i !== at);
    }
  }
  if (o.signal?.aborted) throw cancelledError();
  const placed = joined.clips;
  const quotes: ReelQuote[] = inReel.map((c, i) => {
    const at = placed[i]?.offsetMs ?? 0;
    const length = placed[i] ? placed[i].actual.endMs - placed[i].actual.startMs : c.clip.durationMs;
    return { startMs: at, endMs: at + length, code: c.code, participant: c.participant, text: c.text };
  });
  // The captions as the media core placed them in the reel (the same as the subtitle track inside it).
  const vttText = o.media.toWebVtt(joined.cues);
  const video = await sink.writeFile(`${o.dir}/reel.${joined.ext}`, joined.bytes);
  const vtt = await sink.writeFile(`${o.dir}/reel.vtt`, vttText);
  const videoName = video.path.split('/').pop()!;
  const page = await sink.writeFile(
    `${o.dir}/index.html`,
    renderReelPage({ title: o.title, video: videoName, vtt: vttText, quotes, notes: o.pageNotes(leftOut) }),
  );
  return { reel: { file: video.path, vtt: vtt.path, page: page.path, duration_ms: joined.durationMs }, leftOut };
}

const EXACT_CODEC_NAMES: Record<string, string> = { vp9: 'VP9', vp8: 'VP8', av1: 'AV1', opus: 'Opus', vorbis: 'Vorbis' };

function describe(c: ReelClipInput['clip']): string {
  return [c.ext.toUpperCase(), c.videoCodec, c.audioCodec].filter(Boolean).join(', ');
}

/**
 * What redaction changed and what it could not: the words, never the voice, nor faces and on-screen text unless
 * the picture was left out.
 */
function redactedNote(touched: number, audioOnly: boolean): string {
  const unchanged = audioOnly ? 'The picture was left out; the voice is not altered' : 'Faces, on-screen text and the voice are not altered';
  return `Redacted: captions, quotes and names show pseudonyms. ${unchanged}${touched ? `: ${count(touched, 'clip')} may still say what the captions redact.` : '.'}`;
}

/**
 * What the export did, said exactly: snapped or re-encoded cuts, what was left out and why, redaction.
 * `o.exact` is the codecs a frame-exact export re-encoded to ("vp9/opus"); `o.audioOnly`: the picture was left out.
 */
export function summaryNotes(
  cuts: { clip: { snapped: boolean }; redactedWords: boolean }[],
  leftOut: LeftOut[],
  redactor: Redactor,
  o: { exact?: string; audioOnly?: boolean } = {},
): string[] {
  const { exact } = o;
  const notes = [`${count(cuts.length, 'clip')} cut from the saved videos, nothing uploaded.`];
  if (o.audioOnly) notes.push('The picture was left out: each clip (and the reel) is its sound only, with its captions in a .vtt file beside it.');
  if (exact)
    notes.push(
      `Cuts are frame-exact (re-encoded as ${exact
        .split('/')
        .map((x) => EXACT_CODEC_NAMES[x] ?? x.toUpperCase())
        .join('/')}).`,
    );
  const snapped = cuts.filter((c) => c.clip.snapped).length;
  if (snapped)
    notes.push(
      `${snapped === cuts.length ? 'Every clip starts' : `${count(snapped, 'clip')} start`} at the keyframe just before its segment (a fast, lossless cut), so ${snapped === 1 ? 'it' : 'they'} may begin a moment early.`,
    );
  const chosen = leftOut.filter((l) => l.chosen).length;
  if (chosen) notes.push(`${count(chosen, 'segment')} you unticked ${chosen === 1 ? 'was' : 'were'} not cut.`);
  for (const from of ['clips', 'reel'] as const) {
    const out = leftOut.filter((l) => l.from === from && !l.chosen);
    if (out.length)
      notes.push(
        `${count(out.length, 'segment')} left out of the ${from === 'clips' ? 'clips' : 'reel'} (${named(out.map((l) => l.participant))}): ${[...new Set(out.map((l) => l.reason))].join(' ')}`,
      );
  }
  if (redactor.active) {
    const touched = cuts.filter((c) => c.redactedWords).length;
    notes.push(...redactionNotes(redactor, redactedNote(touched, o.audioOnly === true)));
  }
  return notes;
}

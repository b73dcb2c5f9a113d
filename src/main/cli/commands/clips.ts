import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppError } from '../../errors';
import type { ClipExportSummary, ClipMediaFns, ClipSelection } from '../../services';
import type { Command, Ctx, Group } from '../types';
import { requireProject } from '../project';
import { clean, clock, mb, plural } from '../output';

const USAGE = `Usage: fieldwork clips export --workspace NAME --project ID (--code NAME | --highlight ID …) --out DIR
                              [--reel] [--pad-ms N] [--include-participant] [--redact] [--audio-only] [--json]

Cuts clips from the saved (offline) videos, on this machine, nothing uploaded: every segment of a code
(--code, in the Codes view's order) or the highlights given (--highlight, repeatable, in that order).
A clip runs from its first turn's start to its last turn's end, widened by --pad-ms each side (default 0).
Writes DIR/<code or "Highlights">/clips/NN <participant code "P07", or "Name (P07)">.<ext> with a .vtt of the same
name beside each; with --reel also reel.<ext> (the clips one after another), reel.vtt and index.html (a
page with the reel and its quotes that opens from disk in any browser).
Cuts start at the keyframe before each segment (fast and lossless), so a clip may begin a moment early.
--exact is refused: a frame-exact cut re-encodes, which needs the app window's encoder (WebCodecs).
Participant names appear in file names, captions and the page only with --include-participant.
--redact uses the study's redactions (as \`fieldwork export --redact\`): each participant is named by their
participant code ("P07") in file names, captions, the reel's captions and page, and every caption,
quote and code name has the study's accepted findings replaced. Redaction changes words only: faces,
on-screen text and the voice are not altered; the notes say which clips may still say what the captions
redact. A study that cannot be redacted gets no files.
--audio-only leaves the picture out: each clip and the reel is its sound only (.m4a for AAC, .ogg for Opus
or Vorbis, else .mka), copied without re-encoding and not snapped to a keyframe, with its captions in the
.vtt beside it. Use it with --redact when the picture shows a face or a name.
Segments whose turns have no readable time, or whose interview has no saved video, are left out and listed
(save the videos first with \`fieldwork videos download\`). Existing files are never overwritten.
--json: {location, files: [{path, bytes}], clips: [{file, vtt, highlight_id, interview_id, participant,
start_ms, end_ms, requested_start_ms, requested_end_ms, snapped}], reel: {file, vtt, page, duration_ms} | null,
left_out: [{highlight_id, interview_id, participant, reason, from}], snapped, redacted, notes}.`;

const MAX_PAD_MS = 60_000;

/** Why `--exact` is refused here, and what to do instead: the CLI runs in Node, which has no video encoder. */
export const EXACT_IN_APP_ONLY =
  'Frame-exact cuts re-encode the video, which needs a video encoder (WebCodecs) that only the app window has; the CLI cuts at keyframes. Run the command again without --exact (each clip then starts at the keyframe before its segment, in most recordings within 2 s, and the summary gives its actual start), or make frame-exact clips in the app with "Frame-exact cuts (re-encode; slower)" when exporting clips.';

/** The code or highlights a command line names; exactly one of the two. */
export function clipSelection(flags: Ctx['flags']): ClipSelection {
  const code = typeof flags.code === 'string' ? flags.code.trim() : '';
  const ids = Array.isArray(flags.highlight)
    ? flags.highlight
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  if (code && ids.length) throw new AppError('usage', 'Give --code or --highlight, not both.', { usage: USAGE });
  if (!code && !ids.length) throw new AppError('usage', 'Missing --code NAME or --highlight ID.', { usage: USAGE });
  return code ? { kind: 'code', name: code } : { kind: 'highlights', ids };
}

export function padMs(flags: Ctx['flags']): number {
  if (flags['pad-ms'] === undefined) return 0;
  const raw = String(flags['pad-ms']).trim();
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n > MAX_PAD_MS) {
    throw new AppError('usage', `--pad-ms must be a whole number of milliseconds from 0 to ${MAX_PAD_MS}, not "${clean(raw)}".`, { usage: USAGE });
  }
  return n;
}

/** The summary as `--json` promises it, in this order. */
export function clipsJson(s: ClipExportSummary) {
  return {
    location: s.location,
    files: s.files.map((f) => ({ path: f.path, bytes: f.bytes })),
    clips: s.clips.map((c) => ({
      file: c.file,
      vtt: c.vtt,
      highlight_id: c.highlight_id,
      interview_id: c.interview_id,
      participant: c.participant,
      start_ms: c.start_ms,
      end_ms: c.end_ms,
      requested_start_ms: c.requested.start_ms,
      requested_end_ms: c.requested.end_ms,
      snapped: c.snapped,
    })),
    reel: s.reel,
    left_out: s.left_out,
    snapped: s.snapped,
    redacted: s.redacted,
    notes: s.notes,
  };
}

/** `clips export`, with the media core it cuts with (the clip service's, unless a test gives a fake). */
export function clipsExportCommand(deps: { media?: () => Promise<ClipMediaFns> }): Command {
  return {
    usage: USAGE,
    options: {
      workspace: { type: 'string' },
      project: { type: 'string' },
      code: { type: 'string' },
      highlight: { type: 'string', multiple: true },
      out: { type: 'string' },
      reel: { type: 'boolean' },
      'pad-ms': { type: 'string' },
      'include-participant': { type: 'boolean' },
      exact: { type: 'boolean' },
      redact: { type: 'boolean' },
      'audio-only': { type: 'boolean' },
    },
    required: ['workspace', 'project', 'out'],
    async run(ctx) {
      // Before anything opens: there is no encoder in Node, so the answer does not depend on the study.
      if (ctx.flags.exact === true) throw new AppError('usage', EXACT_IN_APP_ONLY, { usage: USAGE });
      const selection = clipSelection(ctx.flags);
      const pad = padMs(ctx.flags);
      const w = await ctx.workspace(String(ctx.flags.workspace));
      const projectId = String(ctx.flags.project);
      const s = await ctx.services();
      await requireProject(ctx, w, projectId);
      // Before anything is cut: a study that cannot be redacted gets no clips.
      const redactor = ctx.flags.redact === true ? await s.exporter.redactor(w.id, projectId, true) : undefined;
      const media = await (deps.media ?? s.clips.media)();
      const out = resolve(String(ctx.flags.out));
      // Like `mkdir -p`: naming a new folder for the clips is the common case.
      mkdirSync(out, { recursive: true });
      const bar = ctx.out.progress();
      let summary: ClipExportSummary;
      try {
        summary = await s.clips.local(w.id, {
          projectId,
          selection,
          folder: out,
          reel: ctx.flags.reel === true,
          audioOnly: ctx.flags['audio-only'] === true,
          padMs: pad,
          includeParticipant: ctx.flags['include-participant'] === true,
          ...(redactor ? { redactor } : {}),
          media,
          saveVideoHint: `Run \`fieldwork videos download --workspace "${w.name}" --project ${projectId}\` (or "Save for offline" in the app), then export again.`,
          onProgress: (p) => bar.update('Cutting clips', p.done, p.total),
        });
      } finally {
        bar.clear();
      }
      if (ctx.out.isJson) return ctx.out.json(clipsJson(summary));
      ctx.out.line(
        `Wrote ${plural(summary.clips.length, 'clip')}${summary.reel ? ' and a reel' : ''} (${mb(summary.bytes)})${summary.redacted ? ', redacted,' : ''} to ${summary.location}.`,
      );
      for (const c of summary.clips) ctx.out.line(`  ${clean(c.file)}  ${clean(c.participant)}  ${clock(c.start_ms)}–${clock(c.end_ms)}`);
      if (summary.reel) ctx.out.line(`  ${clean(summary.reel.page)}  the reel page (${clock(summary.reel.duration_ms)})`);
      for (const n of summary.notes) ctx.out.line(`Note: ${clean(n)}`);
      for (const l of summary.left_out) ctx.out.line(`Left out of the ${l.from}: ${clean(l.participant)} (${l.highlight_id}): ${clean(l.reason)}`);
    },
  };
}

export function clipsGroupWith(deps: { media?: () => Promise<ClipMediaFns> }): Group {
  return {
    name: 'clips',
    usage: `Usage: fieldwork clips <command> [options] [--json]

  export    clips of a code's segments or of highlights, with captions; --reel adds a reel and its page`,
    commands: { export: clipsExportCommand(deps) },
  };
}

export const clipsGroup: Group = clipsGroupWith({});

/**
 * Captions for clips and reels as WebVTT: the side-car .vtt an export writes next to a clip, and the text of
 * the subtitle track put inside the file where the container allows one (cut.ts, reel.ts).
 */
import type { Cue, CutClip } from './media';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** HH:MM:SS.mmm, the only timestamp form every WebVTT reader accepts (hours are optional in the spec, not in all players). */
export function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(t % 1000, 3)}`;
}

/** Server text is untrusted: `<`, `>` and `&` would open tags or entities, and "-->" is made harmless by escaping `>`. */
const escapeVtt = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A blank line ends a cue, so line breaks inside a turn collapse to single ones, and blank edges go. */
const cueText = (s: string): string =>
  s
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

/** One line for a voice tag's annotation: it cannot hold line breaks. */
const speakerLabel = (s: string): string => escapeVtt(s.replace(/\s+/g, ' ').trim());

/** A WebVTT file for the cues, each with its speaker as a voice tag (`<v Speaker>text`), in time order. */
export function toWebVtt(cues: readonly Cue[]): string {
  const blocks = [...cues]
    .filter((c) => c.endMs > c.startMs && cueText(c.text) !== '')
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs)
    .map((c) => {
      const speaker = speakerLabel(c.speaker);
      const text = escapeVtt(cueText(c.text));
      return `${vttTime(c.startMs)} --> ${vttTime(c.endMs)}\n${speaker ? `<v ${speaker}>` : ''}${text}`;
    });
  return `WEBVTT\n\n${blocks.map((b) => `${b}\n\n`).join('')}`;
}

/**
 * Cues moved by `shiftMs` and kept within [0, lengthMs): what a clip of that length shows when its cues were
 * timed from another origin. Cues wholly outside go; those crossing an edge are trimmed to it.
 */
export function shiftCues(cues: readonly Cue[], shiftMs: number, lengthMs = Infinity): Cue[] {
  const out: Cue[] = [];
  for (const c of cues) {
    const startMs = Math.max(0, c.startMs + shiftMs);
    const endMs = Math.min(lengthMs, c.endMs + shiftMs);
    if (endMs > startMs) out.push({ ...c, startMs, endMs });
  }
  return out;
}

/**
 * A clip's cues as they fall in the cut file: `cues` are timed from the requested start, as the researcher chose
 * the clip, and move by as much as the start snapped back, so each stays on its speech. cutClip puts these inside
 * the file; an export writes the same ones to the side-car .vtt.
 */
export const cuesInClip = (clip: Pick<CutClip, 'requested' | 'actual' | 'durationMs'>, cues: readonly Cue[]): Cue[] =>
  shiftCues(cues, clip.requested.startMs - clip.actual.startMs, clip.durationMs);

/** The cues of a reel: each clip's cues (timed from that clip's start) offset by where the clip starts in the reel. */
export function reelCues(clips: readonly { cues?: readonly Cue[]; offsetMs: number; durationMs?: number }[]): Cue[] {
  // Trimmed to the clip first, so a cue running past a clip's end never spills into the next clip.
  return clips.flatMap((c) => shiftCues(shiftCues(c.cues ?? [], 0, c.durationMs), c.offsetMs));
}

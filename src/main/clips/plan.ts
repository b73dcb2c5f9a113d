/**
 * Which part of which recording a clip is (issue 14 §1). A clip is a coded segment or a highlight: from
 * its first turn's start to its last turn's end, with optional padding, kept inside the recording. A reel
 * is an ordered list of clips: every segment of a code in the Codes view's order, or highlights in the
 * order the researcher picked them. The plan only reads the cache; cutting is the media core's.
 */
import type { TranscriptTurn } from '../../shared/schemas/transcript';
import type { Cache } from '../cache/cache';
import { AppError } from '../errors';
import type { ClipRange, Cue } from './media';

/** A segment or highlight to clip, as read from the cache: where it is in its transcript. */
export type ClipSource = {
  /** The highlight's id (a coded segment is a highlight with a code). */
  id: string;
  interview_id: string;
  /** The number of the interview's stored participant code, "P03" is 3 (participant-codes.ts). */
  interview_n: number;
  participant_name: string | null;
  /** The code the clip is shown under on the reel page: the reel's code, or the highlight's codes joined. */
  code: string | null;
  start_turn: number;
  end_turn: number;
  /** Exactly the coded words: the quote on the reel page. */
  text: string;
};

/** The turns of an interview as the cache gives them: start_ms null when the service sent no readable time. */
export type ClipTurn = Pick<TranscriptTurn, 'index' | 'role' | 'start_ms' | 'end_ms' | 'text'>;

export type PlannedRange = { ok: true; range: ClipRange } | { ok: false; reason: string };

/** A turn's end: its own end, else the next turn's start, else the recording's end; null when none is known. */
function turnEnd(turns: ClipTurn[], at: number, durationMs: number | null): number | null {
  const t = turns[at]!;
  if (t.start_ms === null) return null;
  if (t.end_ms !== null && t.end_ms > t.start_ms) return t.end_ms;
  const next = turns.slice(at + 1).find((n) => n.start_ms !== null);
  if (next && next.start_ms! > t.start_ms) return next.start_ms;
  return durationMs !== null && durationMs > t.start_ms ? durationMs : null;
}

/**
 * The span of a recording a segment covers: its first turn's start to its last turn's end, widened by
 * `padMs` each side and kept within 0 and the recording's length (when known). A segment whose first or
 * last turn has no readable time cannot be placed on the video; the reason says which and what to do.
 */
export function clipRange(
  turns: ClipTurn[],
  s: Pick<ClipSource, 'start_turn' | 'end_turn'>,
  o: { padMs?: number; durationMs?: number | null } = {},
): PlannedRange {
  const pad = Math.max(0, o.padMs ?? 0);
  const duration = o.durationMs ?? null;
  const first = turns.findIndex((t) => t.index === s.start_turn);
  const last = turns.findIndex((t) => t.index === s.end_turn);
  if (first < 0 || last < 0 || last < first) {
    return { ok: false, reason: 'Its turns are not in the saved transcript (the transcript changed since it was coded). Sync, then check the segment.' };
  }
  const start = turns[first]!.start_ms;
  const end = turnEnd(turns, last, duration);
  if (start === null || end === null) {
    const which = start === null ? `turn ${s.start_turn + 1}` : `turn ${s.end_turn + 1}`;
    return {
      ok: false,
      reason: `The service sent no readable time for ${which}${start === null ? '' : "'s end"}, so Fieldwork cannot tell where it is in the video.`,
    };
  }
  const startMs = Math.max(0, start - pad);
  let endMs = end + pad;
  if (duration !== null) endMs = Math.min(endMs, duration);
  if (endMs <= startMs) return { ok: false, reason: 'It starts after the end of the saved video (the video may be cut short). Save it for offline again.' };
  return { ok: true, range: { startMs, endMs } };
}

/**
 * The captions of a clip: every turn overlapping `range`, its times from the clip's start and cut to the
 * clip, labelled "Interviewer" for the AI and `participant` for the participant. Turns with no readable
 * time are left out (subtitles cannot place them).
 */
export function clipCues(turns: ClipTurn[], range: ClipRange, participant: string, durationMs: number | null = null): Cue[] {
  const cues: Cue[] = [];
  for (const [i, t] of turns.entries()) {
    if (t.start_ms === null) continue;
    const end = turnEnd(turns, i, durationMs) ?? range.endMs;
    if (end <= range.startMs || t.start_ms >= range.endMs) continue;
    const text = t.text.trim();
    if (!text) continue;
    cues.push({
      startMs: Math.max(t.start_ms, range.startMs) - range.startMs,
      endMs: Math.min(end, range.endMs) - range.startMs,
      speaker: t.role === 'AI' ? 'Interviewer' : participant,
      text,
    });
  }
  return cues;
}

/** What a reel is made of. */
export type ClipSelection =
  | { kind: 'code'; name: string }
  /** A code by its id (the app's Codes view knows which one is open; two codes may share a name). */
  | { kind: 'code'; id: string }
  | { kind: 'highlights'; ids: string[] };

export type ClipSources = {
  /** The folder's name: the code's, or "Highlights". */
  title: string;
  sources: ClipSource[];
};

/**
 * The segments or highlights a reel is made of, in its order: a code's segments as the Codes view lists
 * them (interviews in order of completion, then transcript order); highlights in the order given.
 */
export async function readClipSources(cache: Pick<Cache, 'call'>, projectId: string, selection: ClipSelection): Promise<ClipSources> {
  if (selection.kind === 'code') {
    const codes = await cache.call('codes.list', { projectId });
    let code;
    if ('id' in selection) {
      code = codes.find((c) => c.id === selection.id);
      if (!code) throw new AppError('not_found', 'This code is not in the study any more. Open the Codes view again and choose a code.');
    } else {
      // A typed name is resolved to one code here, once; from here on the code travels by its id.
      const wanted = selection.name.trim().toLowerCase();
      const named = codes.filter((c) => c.name.trim().toLowerCase() === wanted);
      const codable = named.filter((c) => !c.is_category);
      const matches = codable.length ? codable : named;
      if (matches.length === 0) {
        throw new AppError('usage', `No code called "${selection.name}" in this study. See \`fieldwork codes list\` for the codes there are.`);
      }
      if (matches.length > 1) {
        const spelled = matches.map((c) => `"${c.name}"`).join(', ');
        throw new AppError(
          'usage',
          `${matches.length} codes are called "${selection.name}" (${spelled}). Rename one in the app's Codes view, then run this again.`,
        );
      }
      code = matches[0]!;
    }
    if (code.is_category) throw new AppError('usage', `"${code.name}" is a category: choose one of its codes.`);
    // The rows the Codes view lists, in its order, with exactly the coded words.
    const rows = await cache.call('codes.segments', { codeId: code.id });
    return {
      title: code.name,
      sources: rows.map((r) => ({
        id: r.highlight_id,
        interview_id: r.interview_id,
        interview_n: r.interview_n,
        participant_name: r.participant_name,
        code: code.name,
        start_turn: r.start_turn,
        end_turn: r.end_turn,
        text: r.text,
      })),
    };
  }
  if (selection.ids.length === 0) throw new AppError('usage', 'Choose at least one highlight.');
  const numbers = await cache.call('interviews.numbers', { projectId });
  const sources: ClipSource[] = [];
  const unknown: string[] = [];
  for (const id of selection.ids) {
    const h = (await cache.call('highlights.list', { id }))[0];
    if (!h || h.project_id !== projectId) {
      unknown.push(id);
      continue;
    }
    sources.push({
      id: h.id,
      interview_id: h.interview_id,
      interview_n: numbers[h.interview_id] ?? 0,
      participant_name: h.participant_name,
      code: h.codes.length ? h.codes.map((c) => c.name).join(', ') : null,
      start_turn: h.start_turn,
      end_turn: h.end_turn,
      text: h.quote,
    });
  }
  if (unknown.length) {
    throw new AppError(
      'usage',
      `${unknown.length === 1 ? 'This highlight is' : 'These highlights are'} not in this study's saved data: ${unknown.join(', ')}.`,
    );
  }
  return { title: 'Highlights', sources };
}

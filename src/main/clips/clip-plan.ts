/**
 * The clips an export would cut, in order, before anything is cut (issue 14 §1): for each segment its
 * label, the span asked for, whether its saved video is there, why it cannot be cut, and whether
 * redaction changes its captions. The Export clips dialog lists this plan; exportClips cuts from the
 * same plan, so what the dialog shows is what the export does.
 */
import { participantCode } from '../../shared/participant-code';
import type { Cache } from '../cache/cache';
import { NO_REDACTION, type Redactor } from '../output/redactor';
import type { ClipMediaFns, ClipRange, Cue } from './media';
import { clipCues, clipRange, readClipSources, type ClipSelection, type ClipSource, type ClipTurn } from './plan';

export type ClipPlanRequest = {
  projectId: string;
  selection: ClipSelection;
  padMs?: number;
  /** Participant names in labels, beside the code ("Ana Souza (P07)"); otherwise the code "P07". */
  includeParticipant: boolean;
  redactor?: Redactor;
  media: Pick<ClipMediaFns, 'durationMs' | 'hasPicture'>;
  /** The saved (offline) copy of an interview's video, or null. */
  videoFile(interviewId: string): Promise<string | null>;
  /** How to say where a missing video can be saved from (the CLI names its command). */
  saveVideoHint?: string;
};

/** One segment as it would be cut. */
export type PlannedClip = {
  source: ClipSource;
  /** The code "P07" (the pseudonym when redacted), or with participant data "Ana Souza (P07)". */
  label: string;
  /** The saved video, or null. */
  file: string | null;
  transcript: ClipTurn[] | null;
  durationMs: number | null;
  /** The span asked for (padded, inside the recording), when the segment has readable times. */
  range: ClipRange | null;
  /** Why it cannot be cut, or null when it can. */
  reason: string | null;
  /** Its captions in `range`, redacted, timed from range.startMs. */
  cues: Cue[];
  /** Redaction changes its captions: the audio still says what they hide. */
  redactedWords: boolean;
  /**
   * Its saved recording has a picture, which redaction does not change (faces, names on screen): true unless the
   * recording is known to be sound only, so the dialog's warning is never missed for want of a probe.
   */
  picture: boolean;
};

export type ClipPlan = { title: string; clips: PlannedClip[] };

export const DEFAULT_SAVE_HINT = 'Open the interview and choose "Save for offline" (or sync its videos), then export again.';

/** The saved (offline) copy of an interview's video, or null while it is not saved in full. */
export const savedVideoFile = (cache: Pick<Cache, 'call'>) => async (interviewId: string) => {
  const v = await cache.call('videos.get', { interviewId });
  return v?.state === 'complete' ? v.file : null;
};

/** A segment's label: the code "P07" (the pseudonym when redacted), or with participant data "Ana Souza (P07)". */
export function labelFor(s: ClipSource, includeParticipant: boolean, redactor: Redactor): string {
  return redactor.participant(s.interview_id, includeParticipant ? s.participant_name : null, participantCode(s.interview_n));
}

/** Redacted copies of cues, and whether redaction changed any of them. */
export function redactCues(raw: Cue[], redactor: Redactor): { cues: Cue[]; changed: boolean } {
  const cues = raw.map((c) => ({ ...c, text: redactor.text(c.text) }));
  return { cues, changed: cues.some((c, i) => c.text !== raw[i]!.text) };
}

/** The selection's segments in order, each planned: the one function the dialog's list and the export share. */
export async function planClips(cache: Pick<Cache, 'call'>, req: ClipPlanRequest): Promise<ClipPlan> {
  const redactor = req.redactor ?? NO_REDACTION;
  const { title, sources } = await readClipSources(cache, req.projectId, req.selection);
  const turns = new Map<string, ClipTurn[] | null>();
  const files = new Map<string, Promise<string | null>>();
  const durations = new Map<string, Promise<number | null>>();
  const pictures = new Map<string, Promise<boolean | null>>();
  const clips: PlannedClip[] = [];
  for (const source of sources) {
    const label = labelFor(source, req.includeParticipant, redactor);
    if (!turns.has(source.interview_id)) turns.set(source.interview_id, (await cache.call('interviews.get', { id: source.interview_id }))?.transcript ?? null);
    const transcript = turns.get(source.interview_id)!;
    if (!files.has(source.interview_id)) files.set(source.interview_id, transcript ? req.videoFile(source.interview_id) : Promise.resolve(null));
    const file = await files.get(source.interview_id)!;
    const planned: PlannedClip = {
      source,
      label,
      file,
      transcript,
      durationMs: null,
      range: null,
      reason: null,
      cues: [],
      redactedWords: false,
      picture: true,
    };
    if (!transcript) planned.reason = 'Its interview is not in the saved data any more. Sync, then export again.';
    else {
      // The span is planned without the video too, so the list shows where each segment is.
      if (file) {
        if (!durations.has(file)) durations.set(file, req.media.durationMs?.(file).then((d) => d ?? null) ?? Promise.resolve(null));
        planned.durationMs = await durations.get(file)!;
        if (!pictures.has(file)) pictures.set(file, req.media.hasPicture?.(file) ?? Promise.resolve(null));
        planned.picture = (await pictures.get(file)!) !== false;
      }
      const r = clipRange(transcript, source, { padMs: req.padMs ?? 0, durationMs: planned.durationMs });
      if (r.ok) {
        planned.range = r.range;
        const { cues, changed } = redactCues(clipCues(transcript, r.range, label, planned.durationMs), redactor);
        planned.cues = cues;
        planned.redactedWords = changed;
      }
      planned.reason = !file ? `Its interview has no saved video. ${req.saveVideoHint ?? DEFAULT_SAVE_HINT}` : r.ok ? null : r.reason;
    }
    clips.push(planned);
  }
  return { title, clips };
}

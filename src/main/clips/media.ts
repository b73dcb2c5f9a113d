/**
 * Cutting and joining the cached videos on the laptop (issue 14 §1), by copying packets without decoding
 * (mediabunny): nothing is uploaded and no external binary runs. The functions live in cut.ts and reel.ts;
 * this file is their contract, so the export and the CLI are written against it.
 */

/** A span of a recording, in milliseconds from its start. */
export type ClipRange = { startMs: number; endMs: number };

/** A caption: one turn (or the part of it inside the clip), with its speaker label, times from the clip's start. */
export type Cue = { startMs: number; endMs: number; speaker: string; text: string };

/** A cut as written: where it really starts and ends, which may differ from what was asked when cuts snap to keyframes. */
export type CutClip = {
  bytes: Uint8Array;
  /**
   * The container, as the file extension to give it: the source's own, or with `audioOnly` a sound container
   * for its audio codec (sound-only.ts: m4a for AAC, ogg for Opus and Vorbis, mka for the rest).
   */
  ext: 'webm' | 'mp4' | 'mkv' | 'mov' | 'm4a' | 'ogg' | 'mka';
  requested: ClipRange;
  /**
   * In the source's time: the keyframe the clip starts at, and its end. Sound is copied in whole packets, so the
   * start can be up to one sound packet (about 20-120 ms) before the keyframe, to keep the sound in sync.
   */
  actual: ClipRange;
  durationMs: number;
  /** True when the start moved to the keyframe before it (a lossless cut); the export says so. */
  snapped: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
  /** True when the captions went inside the file as a subtitle track (the container allows it). */
  captionsInside: boolean;
};

export type CutOptions = {
  /** 'keyframe' (default): fast and lossless; 'exact': re-encodes where an encoder exists, else fails saying so. */
  snap?: 'keyframe' | 'exact';
  /** Captions to carry inside the file where the container allows a subtitle track. */
  cues?: Cue[];
  /**
   * Leave the picture out: only the sound is copied, into a sound container (sound-only.ts). Redaction changes
   * words, not faces or on-screen text, so a redacted export can drop the picture rather than share it.
   */
  audioOnly?: boolean;
  signal?: AbortSignal;
};

/** One clip of a reel: a span of a recording, with its captions timed from `range.startMs`. */
export type ReelPart = { input: string; range: ClipRange; cues?: Cue[] };

/**
 * A reel as joined: the clips one after another with no gap (its times in reel time), where each clip
 * landed (`clips[i].offsetMs`, its span in its own recording) and the captions as placed in the reel.
 */
export type JoinedReel = CutClip & { clips: { actual: ClipRange; offsetMs: number }[]; cues: Cue[] };

/**
 * The media core's functions this export needs (cut.ts `cutClip`, reel.ts `joinClips`, captions.ts
 * `toWebVtt`), passed in so the export runs the same with a stand-in in tests.
 */
export type ClipMediaFns = {
  /** Cuts `range` (ms of the recording in `file`) out of it by copying packets. `cues` are timed from `range.startMs`. */
  cutClip(file: string, range: ClipRange, options?: CutOptions): Promise<CutClip>;
  /**
   * Joins spans of recordings in order. A part whose format differs from part 1's is refused with an
   * AppError 'reel_clip_mismatch' whose details.clip is its position from 1; the export leaves it out and joins the rest.
   */
  joinClips(parts: ReelPart[], options?: Omit<CutOptions, 'cues'>): Promise<JoinedReel>;
  /** A WebVTT file of these cues, with speaker labels (<v Speaker>). */
  toWebVtt(cues: readonly Cue[]): string;
  /** The recording's length in ms, when the container says; clips are kept inside it. Optional. */
  durationMs?(file: string): Promise<number | null>;
  /**
   * Whether the recording has a picture (a video track): false for a sound-only recording, null when it cannot
   * be read. Optional: without it every recording is taken to have one, so the picture warning is never missed.
   */
  hasPicture?(file: string): Promise<boolean | null>;
};

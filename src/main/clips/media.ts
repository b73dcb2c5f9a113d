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
  /** The container, as the file extension to give it: the source's own. */
  ext: 'webm' | 'mp4' | 'mkv' | 'mov';
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
  signal?: AbortSignal;
};

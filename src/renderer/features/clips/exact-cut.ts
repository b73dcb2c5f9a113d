/**
 * Frame-exact cuts (issue 14 §1), made in the app window. Main cuts clips by copying packets, which is fast
 * and lossless but must start at a keyframe (up to 2 s early in the sample recordings). A cut that starts
 * exactly where the researcher chose has to decode and re-encode the video, and only the renderer has
 * encoders (WebCodecs); main runs in Node and has none. So the renderer cuts here, with mediabunny's
 * Conversion, and hands the bytes to main (clips.exactWrite), which writes them through the export sink.
 *
 * The output is WebM: VP9 video where an encoder exists, else VP8, else AV1; Opus sound (else Vorbis).
 * Pure module, no React: the clips dialog (or its store) calls `canCutExactly` to offer the option and
 * `cutExactly` to make each clip.
 */
import type { AudioCodec, InputTrack, VideoCodec } from 'mediabunny';

/**
 * mediabunny (about a quarter of the window's script) is loaded on the first probe or cut, not with the app:
 * most sessions never cut a clip frame-exactly, and every window would otherwise parse it at start.
 */
const media = () => import('mediabunny');

/** A span of the recording, in ms from its start: as clips.exactSource returns it. */
export type ExactRange = { startMs: number; endMs: number };

export type ExactCutErrorCode = 'clip_exact_no_encoder' | 'clip_exact_bad_range' | 'clip_exact_cancelled' | 'clip_exact_failed';

/** A cut that could not be made: a stable code for the store, and a sentence saying what happened and what to do. */
export class ExactCutError extends Error {
  constructor(
    readonly code: ExactCutErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExactCutError';
  }
}

export type ExactClip = {
  bytes: Uint8Array<ArrayBuffer>;
  ext: 'webm';
  mime: string;
  requested: ExactRange;
  /** The cut's length as written (the last frame's end), within one frame of the span asked for. */
  durationMs: number;
  videoCodec: VideoCodec;
  audioCodec: AudioCodec | null;
  /** True when the captions went inside the file as a WebVTT subtitle track. */
  captionsInside: boolean;
};

/**
 * What can be encoded here. mediabunny's own checks by default (they ask WebCodecs' isConfigSupported);
 * tests inject a probe that says no, to act out a platform without encoders.
 */
export type EncoderProbe = {
  video(codec: VideoCodec, size: { width: number; height: number }): Promise<boolean>;
  audio(codec: AudioCodec, format: { numberOfChannels: number; sampleRate: number }): Promise<boolean>;
};

const hasWebCodecs = (): boolean => typeof globalThis.VideoEncoder === 'function' && typeof globalThis.AudioEncoder === 'function';

export const webCodecsProbe: EncoderProbe = {
  // Without WebCodecs (Node, an old browser) mediabunny would look for custom encoders; there are none here.
  video: async (codec, size) => hasWebCodecs() && (await media()).canEncodeVideo(codec, size),
  audio: async (codec, format) => hasWebCodecs() && (await media()).canEncodeAudio(codec, format),
};

/** In the order preferred: what WebM can hold, best compression first. */
const VIDEO_CODECS: VideoCodec[] = ['vp9', 'vp8', 'av1'];
const AUDIO_CODECS: AudioCodec[] = ['opus', 'vorbis'];
/** The size asked about before a recording is open: a typical interview recording. */
const TYPICAL_VIDEO = { width: 1280, height: 720 };
const TYPICAL_AUDIO = { numberOfChannels: 2, sampleRate: 48_000 };

/** Floors for the re-encode's bit rates: below these, speech and faces smear whatever the source was. */
const MIN_VIDEO_BPS = 100_000;
const MIN_AUDIO_BPS = 32_000;

/**
 * A bit rate like the recording's own, with room for the loss a second encode adds (×1.5), so a clip is about
 * the size its keyframe cut would be. mediabunny's default quality aims at fresh camera footage, and made the
 * 5 fps sample clips 12 times larger than their source.
 */
async function bitrateLike(track: InputTrack, floor: number): Promise<number> {
  const stats = await track.computePacketStats(120).catch(() => null);
  const source = stats && Number.isFinite(stats.averageBitrate) ? stats.averageBitrate : 0;
  return Math.round(Math.max(floor, source * 1.5));
}

const NO_ENCODER =
  'Frame-exact cuts re-encode the video, and this window has no video encoder for WebM (VP9, VP8 or AV1 through WebCodecs). Use keyframe cuts: they are lossless and start at the keyframe just before the chosen moment.';
const NO_AUDIO_ENCODER =
  'Frame-exact cuts re-encode the sound too, and this window has no Opus or Vorbis encoder (WebCodecs). Use keyframe cuts: they copy the sound as it is.';

async function firstOf<C>(codecs: C[], ok: (c: C) => Promise<boolean>): Promise<C | null> {
  for (const c of codecs) if (await ok(c).catch(() => false)) return c;
  return null;
}

/**
 * Whether this window can make frame-exact cuts, and with which codecs ("vp9/opus"): for the clips dialog's
 * "Frame-exact cuts (re-encode; slower)" option. When not, `reason` says why and what to use instead.
 */
export async function canCutExactly(probe: EncoderProbe = webCodecsProbe): Promise<{ ok: true; codec: string } | { ok: false; reason: string }> {
  const video = await firstOf(VIDEO_CODECS, (c) => probe.video(c, TYPICAL_VIDEO));
  if (!video) return { ok: false, reason: NO_ENCODER };
  const audio = await firstOf(AUDIO_CODECS, (c) => probe.audio(c, TYPICAL_AUDIO));
  if (!audio) return { ok: false, reason: NO_AUDIO_ENCODER };
  return { ok: true, codec: `${video}/${audio}` };
}

export type ExactCutOptions = {
  /** A WebVTT file timed from the clip's start (clips.exactSource gives it): put inside the WebM as a subtitle track. */
  vtt?: string | null;
  signal?: AbortSignal;
  /** 0..1 as the cut proceeds. */
  onProgress?: (fraction: number) => void;
  probe?: EncoderProbe;
};

/** The cut's length as a player will see it: read back from the file, not assumed from the span asked for. */
async function writtenDurationMs(bytes: Uint8Array): Promise<number> {
  const { ALL_FORMATS, BufferSource, Input } = await media();
  const written = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    return Math.round((await written.computeDuration()) * 1000);
  } finally {
    written.dispose();
  }
}

const cancelled = () => new ExactCutError('clip_exact_cancelled', 'The cut was cancelled.');

/**
 * Cuts `range` out of the recording at `source` (the saved video's media URL from clips.exactSource, or a
 * Blob) by decoding and re-encoding it: the first frame is the one showing at `range.startMs`, placed at 0,
 * and the clip lasts `range.endMs - range.startMs` to within one frame. Refuses with `clip_exact_no_encoder`
 * before reading any media when this window cannot encode, and with `clip_exact_cancelled` when `signal` aborts.
 */
export async function cutExactly(source: Blob | string, range: ExactRange, o: ExactCutOptions = {}): Promise<ExactClip> {
  const probe = o.probe ?? webCodecsProbe;
  if (!(Number.isFinite(range.startMs) && Number.isFinite(range.endMs) && range.startMs >= 0 && range.endMs > range.startMs)) {
    throw new ExactCutError('clip_exact_bad_range', `A clip must end after it starts (asked for ${range.startMs}–${range.endMs} ms).`);
  }
  const able = await canCutExactly(probe);
  if (!able.ok) throw new ExactCutError('clip_exact_no_encoder', able.reason);
  if (o.signal?.aborted) throw cancelled();

  const { ALL_FORMATS, BlobSource, BufferTarget, Conversion, ConversionCanceledError, Input, Output, TextSubtitleSource, UrlSource, WebMOutputFormat } =
    await media();
  const input = new Input({ source: typeof source === 'string' ? new UrlSource(source) : new BlobSource(source), formats: ALL_FORMATS });
  try {
    const videoTrack = await input.getPrimaryVideoTrack();
    if (!videoTrack) throw new ExactCutError('clip_exact_failed', 'The saved recording has no video track to cut.');
    const audioTrack = await input.getPrimaryAudioTrack();
    // Asked again with the recording's own size and sound format: an encoder may take 720p and refuse 4K.
    const size = { width: videoTrack.displayWidth, height: videoTrack.displayHeight };
    const videoCodec = await firstOf(VIDEO_CODECS, (c) => probe.video(c, size));
    if (!videoCodec) throw new ExactCutError('clip_exact_no_encoder', `${NO_ENCODER} (The recording is ${size.width}×${size.height}.)`);
    let audioCodec: AudioCodec | null = null;
    if (audioTrack) {
      const format = { numberOfChannels: audioTrack.numberOfChannels, sampleRate: audioTrack.sampleRate };
      audioCodec = await firstOf(AUDIO_CODECS, (c) => probe.audio(c, format));
      if (!audioCodec) throw new ExactCutError('clip_exact_no_encoder', NO_AUDIO_ENCODER);
    }
    const lengthS = await input.computeDuration();
    const start = range.startMs / 1000;
    const end = Math.min(range.endMs / 1000, lengthS);
    if (end <= start) {
      throw new ExactCutError(
        'clip_exact_bad_range',
        `The clip starts after the end of the saved video (${Math.round(lengthS * 1000)} ms long). Save it for offline again.`,
      );
    }

    const target = new BufferTarget();
    const output = new Output({ format: new WebMOutputFormat(), target });
    const vtt = o.vtt && /-->/.test(o.vtt) ? o.vtt : null;
    const subtitles = vtt ? new TextSubtitleSource('webvtt') : null;
    if (subtitles) output.addSubtitleTrack(subtitles, { name: 'Captions' });
    // Composable, so the subtitle track can sit beside the converted ones; without captions the conversion owns the output.
    const conversion = await Conversion.init({
      input,
      output,
      tracks: 'primary',
      trim: { start, end },
      // Never copy: a copied packet cannot start between keyframes, which is the point of this cut.
      copy: false,
      video: { codec: videoCodec, forceTranscode: true, bitrate: await bitrateLike(videoTrack, MIN_VIDEO_BPS) },
      audio: audioCodec && audioTrack ? { codec: audioCodec, forceTranscode: true, bitrate: await bitrateLike(audioTrack, MIN_AUDIO_BPS) } : { discard: true },
      showWarnings: false,
      composable: subtitles !== null,
    });
    if (!conversion.isValid) {
      const why = conversion.discardedTracks.map((d) => `${d.track.type}: ${d.reason}`).join(', ');
      throw new ExactCutError('clip_exact_failed', `The recording could not be re-encoded here (${why}). Use keyframe cuts for it.`);
    }
    if (o.onProgress) conversion.onProgress = (p) => o.onProgress!(Math.max(0, Math.min(1, p)));
    const onAbort = () => void conversion.cancel();
    o.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (subtitles) {
        await output.start();
        // All cues up front, then closed, so the muxer never waits on this track while interleaving the others.
        await subtitles.add(vtt!);
        subtitles.close();
      }
      await conversion.execute();
      if (subtitles) await output.finalize();
    } catch (e) {
      if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => undefined);
      if (e instanceof ConversionCanceledError || o.signal?.aborted) throw cancelled();
      throw e;
    } finally {
      o.signal?.removeEventListener('abort', onAbort);
    }
    if (o.signal?.aborted) throw cancelled();
    const bytes = new Uint8Array(target.buffer!);
    return {
      bytes,
      ext: 'webm',
      mime: `video/webm; codecs="${[videoCodec, audioCodec].filter(Boolean).join(', ')}"`,
      requested: { startMs: range.startMs, endMs: range.endMs },
      durationMs: await writtenDurationMs(bytes),
      videoCodec,
      audioCodec,
      captionsInside: subtitles !== null,
    };
  } catch (e) {
    if (e instanceof ExactCutError) throw e;
    throw new ExactCutError('clip_exact_failed', `The frame-exact cut failed: ${e instanceof Error ? e.message : String(e)}. Use keyframe cuts for this clip.`);
  } finally {
    input.dispose();
  }
}

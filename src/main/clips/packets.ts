/**
 * The packet copying behind cut.ts and reel.ts: read a span of a recording's encoded packets (mediabunny's
 * EncodedPacketSink) and write them, rebased, into a new file of the same container (EncodedVideoPacketSource,
 * EncodedAudioPacketSource). Nothing is decoded, so a cut is lossless and fast, and it can only start at a keyframe.
 */
import {
  ALL_FORMATS,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  FilePathSource,
  Input,
  MATROSKA,
  MkvOutputFormat,
  MovOutputFormat,
  MP4,
  Mp4OutputFormat,
  OggOutputFormat,
  Output,
  QTFF,
  TextSubtitleSource,
  WEBM,
  WebMOutputFormat,
  type InputAudioTrack,
  type InputVideoTrack,
  type OutputFormat,
} from 'mediabunny';
import { basename } from 'node:path';
import { AppError } from '../errors';
import type { ClipRange, CutClip } from './media';

export type Container = CutClip['ext'];

/** An opened recording: its container, its first video and audio tracks and their decoder configs. */
export type OpenRecording = {
  path: string;
  input: Input;
  ext: Container;
  video: InputVideoTrack | null;
  audio: InputAudioTrack | null;
  videoConfig: VideoDecoderConfig | null;
  audioConfig: AudioDecoderConfig | null;
  durationS: number;
};

/** A span's packets, timestamps rebased so the span starts at 0 (seconds, as mediabunny counts). */
export type SpanPackets = {
  video: EncodedPacket[];
  audio: EncodedPacket[];
  /** In the source's time, milliseconds: from the keyframe (or the sound packet playing at it) to the last packet's end. */
  actual: ClipRange;
  /** Where the written span ends, from its own start. */
  lengthS: number;
  snapped: boolean;
};

export const cancelled = (): AppError => new AppError('clip_cancelled', 'Making the clip was cancelled. Nothing was written.');

const checkSignal = (signal?: AbortSignal): void => {
  if (signal?.aborted) throw cancelled();
};

const containerOf = (format: unknown): Container | null =>
  format === WEBM ? 'webm' : format === MATROSKA ? 'mkv' : format === MP4 ? 'mp4' : format === QTFF ? 'mov' : null;

export function outputFormatFor(ext: Container): OutputFormat {
  switch (ext) {
    case 'webm':
      return new WebMOutputFormat();
    case 'mkv':
      return new MkvOutputFormat();
    case 'mp4':
    case 'm4a':
      // The whole file is in memory anyway, so the index can go first and the clip plays while it downloads.
      return new Mp4OutputFormat({ fastStart: 'in-memory' });
    case 'mov':
      return new MovOutputFormat({ fastStart: 'in-memory' });
    // Sound-only clips (sound-only.ts).
    case 'ogg':
      return new OggOutputFormat();
    case 'mka':
      return new MkvOutputFormat();
  }
}

/** Opens a recording main may read; fails with an AppError that names the file when it is not a video it can copy. */
export async function openSource(path: string): Promise<OpenRecording> {
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  const name = basename(path);
  try {
    let format;
    try {
      format = await input.getFormat();
    } catch (e) {
      throw new AppError(
        'clip_source_unreadable',
        `Could not read the recording ${name}: ${e instanceof Error ? e.message : String(e)}. Download it again from the interview, then retry.`,
      );
    }
    const ext = containerOf(format);
    if (!ext)
      throw new AppError(
        'clip_container_unsupported',
        `The recording ${name} is ${format.name}, which clips cannot be cut from. Clips are cut from WebM, Matroska, MP4 and MOV recordings.`,
      );
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    if (!video && !audio) throw new AppError('clip_no_media', `The recording ${name} has neither video nor sound to cut.`);
    if ((video && !video.codec) || (audio && !audio.codec))
      throw new AppError('clip_codec_unknown', `The recording ${name} uses a codec Fieldwork does not know, so it cannot be cut.`);
    return {
      path,
      input,
      ext,
      video,
      audio,
      videoConfig: video ? await video.getDecoderConfig() : null,
      audioConfig: audio ? await audio.getDecoderConfig() : null,
      durationS: await input.computeDuration(),
    };
  } catch (e) {
    input.dispose();
    throw e;
  }
}

export function checkRange(range: ClipRange, src: OpenRecording): void {
  const { startMs, endMs } = range;
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || startMs < 0 || endMs <= startMs)
    throw new AppError('clip_range_invalid', `A clip must end after it starts (asked for ${startMs} ms to ${endMs} ms).`, { range });
  if (startMs >= src.durationS * 1000)
    throw new AppError(
      'clip_range_outside',
      `The clip starts at ${(startMs / 1000).toFixed(1)} s, after the recording ${basename(src.path)} ends (${src.durationS.toFixed(1)} s).`,
      { range },
    );
}

/** Seconds to whole microseconds, so rebasing never leaves 1.9999999 where 2 was meant. */
const us = (s: number): number => Math.round(s * 1e6) / 1e6;

const rebase = (p: EncodedPacket, baseS: number): EncodedPacket => new EncodedPacket(p.data, p.type, us(p.timestamp - baseS), p.duration);

/**
 * The packets of a span, in decode order, rebased to start at 0. Video starts at the keyframe at or before the
 * start (a stream can only be decoded from one); sound from the packet playing at that keyframe, so sound and
 * picture keep their sync. Video runs in decode order up to the last packet shown before the end: with B-frames
 * that can include a frame shown just after it, which the frames before the end need in order to decode.
 */
export async function readSpan(src: OpenRecording, range: ClipRange, signal?: AbortSignal): Promise<SpanPackets> {
  checkRange(range, src);
  const startS = range.startMs / 1000;
  const endS = range.endMs / 1000;
  const video: EncodedPacket[] = [];
  const audio: EncodedPacket[] = [];
  let keyS = startS;

  if (src.video) {
    const sink = new EncodedPacketSink(src.video);
    const key = (await sink.getKeyPacket(startS, { verifyKeyPackets: true })) ?? (await sink.getFirstKeyPacket({ verifyKeyPackets: true }));
    if (!key) throw new AppError('clip_no_keyframe', `The recording ${basename(src.path)} has no keyframe to start a clip at.`);
    keyS = key.timestamp;
    let lastShownBeforeEnd = -1;
    for await (const p of sink.packets(key)) {
      checkSignal(signal);
      // A keyframe past the end depends on nothing before it, so nothing after it is needed; the 10 s guard stops
      // a stream whose keyframes are far apart from being read to its end.
      if (p.timestamp >= endS && (p.type === 'key' || p.timestamp >= endS + 10)) break;
      video.push(p);
      if (p.timestamp < endS) lastShownBeforeEnd = video.length - 1;
    }
    video.length = lastShownBeforeEnd + 1;
  }

  if (src.audio) {
    const sink = new EncodedPacketSink(src.audio);
    const first = (await sink.getPacket(keyS)) ?? (await sink.getFirstPacket());
    if (first) {
      for await (const p of sink.packets(first)) {
        checkSignal(signal);
        if (p.timestamp >= endS) break;
        audio.push(p);
      }
    }
  }

  const firstTs = [video[0]?.timestamp, audio[0]?.timestamp].filter((t): t is number => t !== undefined);
  if (firstTs.length === 0)
    throw new AppError('clip_empty', `There is nothing to cut between ${startS.toFixed(1)} s and ${endS.toFixed(1)} s of ${basename(src.path)}.`);
  // The earliest packet is 0, so no timestamp goes negative (not every container allows it).
  const baseS = Math.min(...firstTs);
  const endOf = (ps: EncodedPacket[]) => ps.reduce((m, p) => Math.max(m, p.timestamp + p.duration), 0);
  const lastS = Math.max(endOf(video), endOf(audio));
  return {
    video: video.map((p) => rebase(p, baseS)),
    audio: audio.map((p) => rebase(p, baseS)),
    actual: { startMs: Math.round(baseS * 1000), endMs: Math.round(lastS * 1000) },
    lengthS: us(lastS - baseS),
    // Snapped means the picture moved: the sound packet playing at the keyframe may start a few ms before it
    // even when the keyframe is exactly where the clip was asked to start.
    snapped: keyS < startS - 0.0005,
  };
}

/** Video and sound packets of all spans, each span moved to its offset, merged by time (the muxer interleaves). */
function* interleaved(spans: { packets: SpanPackets; offsetS: number }[]): Generator<{ kind: 'video' | 'audio'; packet: EncodedPacket }> {
  for (const { packets, offsetS } of spans) {
    const move = (p: EncodedPacket) => (offsetS === 0 ? p : new EncodedPacket(p.data, p.type, us(p.timestamp + offsetS), p.duration));
    let v = 0;
    let a = 0;
    while (v < packets.video.length || a < packets.audio.length) {
      const nextV = packets.video[v];
      const nextA = packets.audio[a];
      if (nextV && (!nextA || nextV.timestamp <= nextA.timestamp)) {
        yield { kind: 'video', packet: move(nextV) };
        v++;
      } else if (nextA) {
        yield { kind: 'audio', packet: move(nextA) };
        a++;
      }
    }
  }
}

/**
 * Writes spans one after another into one file in `like`'s container, with its decoder configs (a reel has
 * checked every clip matches them), plus a WebVTT subtitle track where the container has one.
 */
export async function writeSpans(
  like: OpenRecording,
  spans: { packets: SpanPackets; offsetS: number }[],
  vtt: string | null,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; captionsInside: boolean }> {
  checkSignal(signal);
  const format = outputFormatFor(like.ext);
  const target = new BufferTarget();
  const output = new Output({ format, target });
  const videoSource = like.video ? new EncodedVideoPacketSource(like.video.codec!) : null;
  const audioSource = like.audio ? new EncodedAudioPacketSource(like.audio.codec!) : null;
  if (videoSource) output.addVideoTrack(videoSource, { rotation: like.video!.rotation });
  if (audioSource) output.addAudioTrack(audioSource);
  const captionsInside = vtt !== null && format.getSupportedSubtitleCodecs().includes('webvtt');
  const subtitles = captionsInside ? new TextSubtitleSource('webvtt') : null;
  if (subtitles) output.addSubtitleTrack(subtitles, { name: 'Captions' });
  try {
    await output.start();
    if (subtitles) {
      // All cues up front, then closed, so the muxer never waits on this track while interleaving the others.
      await subtitles.add(vtt!);
      subtitles.close();
    }
    let videoMeta: EncodedVideoChunkMetadata | undefined = like.videoConfig ? { decoderConfig: like.videoConfig } : undefined;
    let audioMeta: EncodedAudioChunkMetadata | undefined = like.audioConfig ? { decoderConfig: like.audioConfig } : undefined;
    for (const { kind, packet } of interleaved(spans)) {
      checkSignal(signal);
      if (kind === 'video') {
        await videoSource!.add(packet, videoMeta);
        videoMeta = undefined;
      } else {
        await audioSource!.add(packet, audioMeta);
        audioMeta = undefined;
      }
    }
    checkSignal(signal);
    await output.finalize();
  } catch (e) {
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => undefined);
    throw e;
  }
  return { bytes: new Uint8Array(target.buffer!), captionsInside };
}

/** The error for `snap: 'exact'` where there is no encoder (main runs in Node, which has no WebCodecs). */
export const exactNeedsEncoder = (): AppError =>
  new AppError(
    'clip_exact_needs_encoder',
    'A frame-exact cut has to re-encode the video, which is only possible in the app window. Use a keyframe cut instead: it is lossless and starts at the keyframe just before the chosen moment (in most recordings within 2 s).',
  );

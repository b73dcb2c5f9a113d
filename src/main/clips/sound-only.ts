/**
 * Clips and reels without their picture ("Leave the picture out"): redaction replaces words in captions, file
 * names and labels, but a face or a name on screen stays in the picture, so a redacted export may drop the video
 * track and keep the sound, copied packet for packet like any cut (packets.ts), in a container made for sound.
 */
import { basename } from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import { AppError } from '../errors';
import type { CutClip } from './media';
import type { OpenRecording } from './packets';

export type SoundContainer = Extract<CutClip['ext'], 'm4a' | 'ogg' | 'mka'>;

/**
 * The container a sound-only clip goes in, by its codec: AAC as .m4a and Opus or Vorbis as .ogg play in every
 * common player; anything else goes in Matroska audio (.mka), which holds every codec a recording may use.
 */
export function soundContainerFor(audioCodec: string | null): SoundContainer {
  if (audioCodec === 'aac') return 'm4a';
  if (audioCodec === 'opus' || audioCodec === 'vorbis') return 'ogg';
  return 'mka';
}

/** The recording with its picture left out: only its sound is read and written. Refused when it has no sound. */
export function withoutPicture(src: OpenRecording): OpenRecording {
  if (!src.audio)
    throw new AppError(
      'clip_no_sound',
      `The recording ${basename(src.path)} has no sound, so a clip without its picture would be empty. Export it with the picture, or leave this clip out.`,
    );
  return { ...src, video: null, videoConfig: null, ext: soundContainerFor(src.audio.codec) };
}

/** Whether a recording has a picture (a video track); null when it cannot be read (the export then says why). */
export async function hasPicture(path: string): Promise<boolean | null> {
  let input: Input | null = null;
  try {
    input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
    return (await input.getPrimaryVideoTrack()) !== null;
  } catch {
    // Unreadable here is said where it matters: cutting it fails with the reason (packets.ts openSource).
    return null;
  } finally {
    input?.dispose();
  }
}

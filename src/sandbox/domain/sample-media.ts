import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WireTurn } from '../store/interviews';

export type SampleVideo = {
  id: string;
  title: string;
  topic: string;
  participantName: string;
  /** False for a recording of an interview the participant left part-way: only INCOMPLETE interviews get it. */
  complete: boolean;
  path: string;
  thumbnailPath: string;
  contentType: string;
  bytes: number;
  durationS: number;
  turns: WireTurn[];
};
export type SampleStimulus = { path: string; file: string; caption: string; contentType: string; bytes: number };
/** The recording a completed interview without a sample video of its own links to: it names no one. */
export type GenericRecording = { path: string; thumbnailPath: string; contentType: string };
export type SampleMedia = { videos: SampleVideo[]; stimuli: SampleStimulus[]; generic: GenericRecording | null };

type Manifest = {
  videos: { id: string; file: string; thumbnail: string; transcript: string; content_type: string; bytes: number; duration_s: number; topic: string }[];
  stimuli: { file: string; caption: string; content_type: string; bytes: number }[];
};
type Sidecar = {
  id: string;
  title: string;
  participant: { name: string };
  duration_s: number;
  status?: 'COMPLETE' | 'INCOMPLETE';
  turns: WireTurn[];
};

/** Reads the committed sample media (resources/sample-media). A missing folder means no sample videos. */
export function loadSampleMedia(dir: string): SampleMedia {
  const manifestPath = join(dir, 'index.json');
  if (!existsSync(manifestPath)) return { videos: [], stimuli: [], generic: null };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const videos = manifest.videos.map((v): SampleVideo => {
    const sidecar = JSON.parse(readFileSync(join(dir, v.transcript), 'utf8')) as Sidecar;
    return {
      id: v.id,
      title: sidecar.title,
      topic: v.topic,
      participantName: sidecar.participant.name,
      complete: sidecar.status !== 'INCOMPLETE',
      path: join(dir, v.file),
      thumbnailPath: join(dir, v.thumbnail),
      contentType: v.content_type,
      bytes: v.bytes,
      durationS: sidecar.duration_s,
      turns: sidecar.turns,
    };
  });
  const stimuli = manifest.stimuli.map((s) => ({
    path: join(dir, 'stimuli', s.file.replace(/^stimuli\//, '')),
    file: s.file.replace(/^stimuli\//, ''),
    caption: s.caption,
    contentType: s.content_type,
    bytes: s.bytes,
  }));
  return { videos, stimuli, generic: genericRecording(dir) };
}

function genericRecording(dir: string): GenericRecording | null {
  const path = join(dir, 'generic', 'recording.webm');
  const thumbnailPath = join(dir, 'generic', 'recording.jpg');
  return existsSync(path) && existsSync(thumbnailPath) ? { path, thumbnailPath, contentType: 'video/webm' } : null;
}

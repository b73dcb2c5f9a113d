import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The generated sandbox media (scripts/generate-sample-media.sh), read by the unit and the ffmpeg checks alike. */
export const SAMPLE_MEDIA = resolve(__dirname, '../../resources/sample-media');

export interface Turn {
  role: 'AI' | 'User';
  text: string;
  start: number;
  end: number;
}

export interface Sidecar {
  id: string;
  title: string;
  participant: { name: string };
  duration_s: number;
  topic: 'churn' | 'packaging' | 'general';
  status: 'COMPLETE' | 'INCOMPLETE';
  turns: Turn[];
}

export interface ManifestVideo {
  id: string;
  file: string;
  thumbnail: string;
  transcript: string;
  content_type: string;
  bytes: number;
  duration_s: number;
  topic: string;
  status: string;
}

export interface Stimulus {
  file: string;
  caption: string;
  content_type: string;
}

export interface Manifest {
  videos: ManifestVideo[];
  stimuli: (Stimulus & { bytes: number })[];
}

export interface Interval {
  start: number;
  end: number;
}

export const readSampleJson = <T>(rel: string): T => JSON.parse(readFileSync(join(SAMPLE_MEDIA, rel), 'utf8')) as T;
export const manifest = readSampleJson<Manifest>('index.json');
const sidecars = new Map(manifest.videos.map((v) => [v.id, readSampleJson<Sidecar>(v.transcript)]));
export const sidecarOf = (id: string): Sidecar => {
  const s = sidecars.get(id);
  if (!s) throw new Error(`no sidecar for ${id}`);
  return s;
};

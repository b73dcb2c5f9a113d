import { z } from 'zod';
import { LIMITS } from './limits';
import { looseInt, looseString, looseStringList } from './tolerant';

export const presignRequest = z.object({
  project_id: z.string().min(1),
  filename: z.string().trim().min(1, 'The file name is required').max(255),
  content_type: z.string().trim().min(1, 'The content type is required'),
  file_size_bytes: z.number().int().min(0).optional(),
  file_id: z.string().min(1).optional(),
});
export type PresignRequest = z.input<typeof presignRequest>;

export const presignResponse = z.object({
  upload_url: z.string().min(1),
  upload_fields: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)),
  file_id: z.string().min(1),
  storage_key: looseString,
  media_url: looseString,
  expires_in: looseInt,
  content_type: looseString,
});
export type PresignResponse = z.output<typeof presignResponse>;

export const confirmRequest = z.object({
  project_id: z.string().min(1),
  file_id: z.string().min(1),
  file_ext: z.string().regex(/^\.[A-Za-z0-9]{1,8}$/, 'The extension must look like .png'),
  caption: z.string().max(LIMITS.captionMax).optional(),
});
export type ConfirmRequest = z.input<typeof confirmRequest>;

export const confirmResponse = z.object({
  message: looseString,
  file_id: z.string().min(1),
  media_url: looseString,
});
export type ConfirmResponse = z.output<typeof confirmResponse>;

export const assignRequest = z.object({
  project_id: z.string().min(1),
  stimuli_id: z.string().min(1),
  question_items: z.array(z.string()),
  caption: z.string().max(LIMITS.captionMax).nullable().optional(),
});
export type AssignRequest = z.input<typeof assignRequest>;

export const assignResponse = z.object({
  stimuli_id: z.string().min(1),
  question_items: z.array(z.string()),
  caption: looseString,
});
export type AssignResponse = z.output<typeof assignResponse>;

export const stimulusRecord = z.object({
  stimuli_id: z.string().min(1),
  display_order: looseInt.transform((n) => n ?? 0),
  image_url: looseString,
  video_url: looseString,
  caption: looseString,
  question_items: looseStringList,
});
export type StimulusRecord = z.output<typeof stimulusRecord>;

export const stimuliList = z.object({
  items: z.array(stimulusRecord).transform((xs) => [...xs].sort((a, b) => a.display_order - b.display_order)),
  total: looseInt,
});
export type StimuliList = z.output<typeof stimuliList>;

/** The formats the spec accepts, keyed by MIME type, with the extensions a file may carry. */
export const STIMULUS_FORMATS = {
  'image/png': { kind: 'image', exts: ['.png'] },
  'image/jpeg': { kind: 'image', exts: ['.jpg', '.jpeg'] },
  'image/gif': { kind: 'image', exts: ['.gif'] },
  'image/webp': { kind: 'image', exts: ['.webp'] },
  'image/heic': { kind: 'image', exts: ['.heic'] },
  'image/heif': { kind: 'image', exts: ['.heif'] },
  'image/avif': { kind: 'image', exts: ['.avif'] },
  'image/svg+xml': { kind: 'image', exts: ['.svg'] },
  'video/mp4': { kind: 'video', exts: ['.mp4', '.m4v'] },
  'video/quicktime': { kind: 'video', exts: ['.mov'] },
  'video/webm': { kind: 'video', exts: ['.webm'] },
  'video/x-msvideo': { kind: 'video', exts: ['.avi'] },
  'video/x-matroska': { kind: 'video', exts: ['.mkv'] },
} as const satisfies Record<string, { kind: 'image' | 'video'; exts: readonly string[] }>;

export type StimulusContentType = keyof typeof STIMULUS_FORMATS;

export function stimulusLimitFor(contentType: string): { kind: 'image' | 'video'; maxBytes: number } | null {
  const format = (STIMULUS_FORMATS as Record<string, { kind: 'image' | 'video' }>)[contentType.toLowerCase()];
  if (!format) return null;
  return { kind: format.kind, maxBytes: format.kind === 'image' ? LIMITS.imageBytesMax : LIMITS.videoBytesMax };
}

export function contentTypeForFilename(filename: string): StimulusContentType | null {
  const ext = filename.slice(filename.lastIndexOf('.')).toLowerCase();
  for (const [type, f] of Object.entries(STIMULUS_FORMATS)) {
    if ((f.exts as readonly string[]).includes(ext)) return type as StimulusContentType;
  }
  return null;
}

import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { contentTypeForFilename, stimulusLimitFor, STIMULUS_FORMATS } from '../../shared/schemas/stimulus';
import { sniff, sniffMatches, SNIFF_BYTES } from '../../shared/media-sniff';
import type { ApiClient } from '../api/client';
import { isServiceError } from '../api/errors';
import type { UploadProgress } from '../api/endpoints/upload';
import { AppError } from '../errors';

export type StimulusUpload = {
  projectId: string;
  path: string;
  caption?: string;
  /** Exact question texts to assign it to once it exists. */
  questionItems?: string[];
};

export type StimulusUploadResult = { stimulus_id: string; media_url: string | null; content_type: string; bytes: number; assigned: string[] };

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Everything that can be checked locally, before the service is asked for anything. */
export function inspectStimulusFile(path: string): { contentType: string; size: number; filename: string } {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new AppError('not_a_file', `${basename(path)} is not a file.`);
    size = st.size;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('file_unreadable', `${basename(path)} could not be read. Check that it still exists.`);
  }
  const filename = basename(path);
  const byName = contentTypeForFilename(filename);
  if (!byName) {
    const all = [...new Set(Object.values(STIMULUS_FORMATS).flatMap((f) => f.exts))].join(', ');
    throw new AppError('unsupported_format', `${filename} is not a supported stimulus format. Use one of: ${all}.`);
  }
  if (size === 0) throw new AppError('empty_file', `${filename} is empty.`);
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const sniffed = sniff(head);
  if (!sniffMatches(byName, sniffed)) {
    throw new AppError(
      'format_mismatch',
      `${filename} does not contain ${extname(filename).slice(1).toUpperCase()} data${sniffed ? ` (it looks like ${sniffed})` : ''}. Export it again in a supported format.`,
    );
  }
  const limit = stimulusLimitFor(byName)!;
  if (size > limit.maxBytes)
    throw new AppError('file_too_large', `${filename} is ${mb(size)}; ${limit.kind === 'image' ? 'images' : 'videos'} can be at most ${mb(limit.maxBytes)}.`);
  return { contentType: byName, size, filename };
}

/**
 * A local file to a stimulus: checked locally, presigned, streamed to storage (fields first, file
 * last) with progress and cancel, confirmed, then assigned. An expired presign is renewed once. When
 * something fails, the error says exactly what exists: nothing, or a stimulus that was not assigned.
 */
export async function uploadStimulus(
  client: ApiClient,
  job: StimulusUpload,
  opts: { signal?: AbortSignal; onProgress?: (p: UploadProgress) => void } = {},
): Promise<StimulusUploadResult> {
  const file = inspectStimulusFile(job.path);
  const so = opts.signal ? { signal: opts.signal } : {};
  const source = {
    open: () => createReadStream(job.path) as AsyncIterable<Uint8Array>,
    size: file.size,
    filename: file.filename,
    contentType: file.contentType,
  };
  let presign = await client.presignStimulus(
    { project_id: job.projectId, filename: file.filename, content_type: file.contentType, file_size_bytes: file.size },
    so,
  );
  try {
    await client.uploadStimulus(presign, source, { ...so, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
  } catch (e) {
    if (!(isServiceError(e) && e.code === 'upload_expired')) throw nothingCreated(e, file.filename);
    presign = await client.presignStimulus(
      { project_id: job.projectId, filename: file.filename, content_type: file.contentType, file_size_bytes: file.size },
      so,
    );
    try {
      await client.uploadStimulus(presign, source, { ...so, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
    } catch (e2) {
      throw nothingCreated(e2, file.filename);
    }
  }
  let confirmed;
  try {
    confirmed = await client.confirmStimulus(
      {
        project_id: job.projectId,
        file_id: presign.file_id,
        file_ext: extname(file.filename).toLowerCase(),
        ...(job.caption !== undefined ? { caption: job.caption } : {}),
      },
      so,
    );
  } catch (e) {
    throw new AppError('upload_not_confirmed', `${file.filename} was uploaded but not added to the study, so no stimulus was created. ${reason(e)}`, {
      file_id: presign.file_id,
    });
  }
  const assigned: string[] = [];
  if (job.questionItems && job.questionItems.length > 0) {
    try {
      assigned.push(
        ...(await client.assignStimulus({ project_id: job.projectId, stimuli_id: confirmed.file_id, question_items: job.questionItems }, so)).question_items,
      );
    } catch (e) {
      throw new AppError(
        'stimulus_not_assigned',
        `${file.filename} was added as a stimulus, but assigning it to its questions failed. Assign it from the Stimuli tab. ${reason(e)}`,
        {
          stimulus_id: confirmed.file_id,
        },
      );
    }
  }
  return { stimulus_id: confirmed.file_id, media_url: confirmed.media_url, content_type: file.contentType, bytes: file.size, assigned };
}

function reason(e: unknown): string {
  return e instanceof AppError ? e.message : '';
}

function nothingCreated(e: unknown, filename: string): AppError {
  if (e instanceof AppError && e.code === 'aborted') return new AppError('aborted', `Upload of ${filename} cancelled. No stimulus was created.`);
  return new AppError(e instanceof AppError ? e.code : 'upload_failed', `${filename} could not be uploaded, and no stimulus was created. ${reason(e)}`.trim());
}

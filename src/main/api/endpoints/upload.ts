import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { PresignResponse } from '../../../shared/schemas/stimulus';
import { ServiceError } from '../errors';

export type UploadSource = {
  /** Opened once per attempt; a stream, so a 100 MB video is never held in memory. */
  open: () => AsyncIterable<Uint8Array>;
  size: number;
  filename: string;
  contentType: string;
};

export type UploadProgress = { sent: number; total: number };

const CRLF = '\r\n';

function headerSafe(name: string): string {
  // Header parameters are ASCII; the storage key is chosen by the service, so the name is only a label.
  return name.replace(/[\r\n"\\]/g, '_').replace(/[^\x20-\x7e]/g, '_');
}

/**
 * The direct upload: multipart/form-data to upload_url, every upload field first and the file last, as a
 * presigned POST requires. The API key is not sent: upload_url belongs to storage, possibly elsewhere.
 * Progress is monotonic and reaches 100% only when storage answers 204.
 */
export async function uploadToPresigned(
  presign: Pick<PresignResponse, 'upload_url' | 'upload_fields'>,
  source: UploadSource,
  opts: { dispatcher?: Dispatcher; signal?: AbortSignal | undefined; onProgress?: (p: UploadProgress) => void; timeoutMs?: number } = {},
): Promise<void> {
  const boundary = `----fieldwork${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(presign.upload_fields).map(
    ([k, v]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${headerSafe(k)}"${CRLF}${CRLF}${v}${CRLF}`,
  );
  const fileHead = `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${headerSafe(source.filename)}"${CRLF}Content-Type: ${source.contentType}${CRLF}${CRLF}`;
  const tail = `${CRLF}--${boundary}--${CRLF}`;
  const head = Buffer.from(fieldParts.join('') + fileHead, 'utf8');
  const end = Buffer.from(tail, 'utf8');
  const total = source.size;
  let sent = 0;
  const report = (n: number) => opts.onProgress?.({ sent: Math.min(n, Math.max(0, total - 1)), total });

  async function* body(): AsyncGenerator<Uint8Array> {
    yield head;
    for await (const chunk of source.open()) {
      sent += chunk.length;
      if (sent > total) throw new ServiceError(0, 'file_changed', 'The file changed size while it was being uploaded. Try again.');
      report(sent);
      yield chunk;
    }
    if (sent !== total) throw new ServiceError(0, 'file_changed', 'The file changed size while it was being uploaded. Try again.');
    yield end;
  }

  const signal = AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? 30 * 60_000), ...(opts.signal ? [opts.signal] : [])]);
  let res: Dispatcher.ResponseData;
  try {
    res = await request(presign.upload_url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + total + end.length) },
      body: Readable.from(body(), { objectMode: false }),
      signal,
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    });
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    if (opts.signal?.aborted) throw new ServiceError(0, 'aborted', 'Upload cancelled.');
    throw new ServiceError(0, 'network_error', 'The upload could not reach storage. Check your connection and try again.');
  }
  const text = await res.body.text().catch(() => '');
  if (res.statusCode >= 200 && res.statusCode < 300) {
    opts.onProgress?.({ sent: total, total });
    return;
  }
  throw uploadError(res.statusCode, text);
}

/** Reads a storage error in either a JSON `{error:{code}}` or an S3-style XML `<Code>` body. */
export function uploadError(status: number, text: string): ServiceError {
  let code = '';
  let message = '';
  try {
    const j = JSON.parse(text) as { error?: { code?: string; message?: string } };
    code = j.error?.code ?? '';
    message = j.error?.message ?? '';
  } catch {
    code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
    message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '';
  }
  const lower = `${code} ${message}`.toLowerCase();
  if (status === 403 && lower.includes('expired')) return new ServiceError(403, 'upload_expired', 'The upload link expired before the file was sent.');
  if (lower.includes('too_large') || lower.includes('toolarge')) return new ServiceError(status, 'file_too_large', 'The file is larger than storage accepts.');
  if (lower.includes('unsupported_format')) return new ServiceError(status, 'unsupported_format', "The file's contents do not match its format.");
  return new ServiceError(status, code || `upload_${status}`, message || `Storage refused the upload (HTTP ${status}).`);
}

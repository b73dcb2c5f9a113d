import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import { sniff, sniffMatches, SNIFF_BYTES } from '../../shared/media-sniff';
import type { SandboxContext } from '../context';
import { safeEqual, sign } from '../domain/signing';
import { ApiError } from '../http/errors';
import { serveBytes } from '../http/range';
import { getPresignByKey, headObject, putObject, readObjectRange } from '../store/objects';
import { iso } from '../clock';
import type { UploadPolicy } from './stimuli';

const REQUIRED_FIELDS = ['key', 'Content-Type', 'policy', 'signature'] as const;

/**
 * The direct upload target, modelled on S3's presigned POST: multipart/form-data with every form field
 * before the file, the signed policy checked before a byte is stored, and 204 with no body on success.
 * Nothing is stored unless the whole file arrived within its limits.
 */
export function handleUpload(req: IncomingMessage, ctx: SandboxContext): Promise<void> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(new ApiError(400, 'invalid_request', 'The upload must be multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let failure: ApiError | null = null;
    let stored: Promise<void> | null = null;
    let sawFile = false;
    const fail = (e: ApiError) => {
      failure ??= e;
    };

    bb.on('field', (name, value) => {
      if (!sawFile) fields[name] = value;
    });
    bb.on('file', (_name, stream) => {
      sawFile = true;
      let policy: UploadPolicy;
      try {
        policy = checkPolicy(fields, ctx);
      } catch (e) {
        fail(e as ApiError);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > policy.max_bytes) {
          fail(new ApiError(400, 'entity_too_large', `The file is larger than the ${policy.max_bytes / 1024 / 1024} MB allowed.`));
          chunks.length = 0;
        } else if (!failure) chunks.push(c);
      });
      stored = new Promise<void>((done) => {
        stream.on('end', () => {
          if (!failure) {
            const data = Buffer.concat(chunks);
            if (data.length === 0) fail(new ApiError(400, 'empty_file', 'The uploaded file is empty.'));
            else if (!sniffMatches(policy.content_type, sniff(data.subarray(0, SNIFF_BYTES)))) {
              fail(new ApiError(400, 'unsupported_format', `The file's contents are not ${policy.content_type}.`));
            } else putObject(ctx.db, policy.key, policy.content_type, data, iso(ctx.clock.now()));
          }
          done();
        });
      });
    });
    bb.on('error', () => fail(new ApiError(400, 'invalid_request', 'The multipart body could not be read.')));
    bb.on('close', () => {
      void (async () => {
        await stored;
        if (!sawFile && !failure) fail(new ApiError(400, 'invalid_request', 'The form has no file part.'));
        if (failure) reject(failure);
        else resolve();
      })();
    });
    req.pipe(bb);
  });
}

function checkPolicy(fields: Record<string, string>, ctx: SandboxContext): UploadPolicy {
  const missing = REQUIRED_FIELDS.filter((f) => fields[f] === undefined);
  if (missing.length > 0) {
    throw new ApiError(400, 'invalid_request', `Missing form fields before the file: ${missing.join(', ')}. Send every upload field first and the file last.`);
  }
  if (!safeEqual(fields.signature!, sign(ctx.signingSecret, fields.policy!))) {
    throw new ApiError(403, 'signature_mismatch', 'The upload policy signature does not match.');
  }
  const policy = JSON.parse(Buffer.from(fields.policy!, 'base64').toString('utf8')) as UploadPolicy;
  if (ctx.clock.now() >= policy.expires * 1000) throw new ApiError(403, 'policy_expired', 'The upload URL has expired. Ask for a new one.');
  if (fields.key !== policy.key || fields['Content-Type']!.toLowerCase() !== policy.content_type) {
    throw new ApiError(403, 'policy_mismatch', 'The form fields do not match the signed policy.');
  }
  if (!getPresignByKey(ctx.db, policy.key)) throw new ApiError(403, 'policy_mismatch', 'Unknown upload key.');
  return policy;
}

export function serveObject(req: IncomingMessage, res: ServerResponse, key: string, ctx: SandboxContext): boolean {
  const object = headObject(ctx.db, key);
  if (!object) return false;
  serveBytes(
    req,
    res,
    {
      size: object.size,
      contentType: object.content_type,
      read: (r) => readObjectRange(ctx.db, key, r.start, r.end) ?? Buffer.alloc(0),
    },
    object.content_type === 'image/svg+xml' ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" } : {},
  );
  return true;
}

import { randomUUID } from 'node:crypto';
import { assignRequest, confirmRequest, presignRequest, STIMULUS_FORMATS, stimulusLimitFor } from '../../shared/schemas/stimulus';
import type { ApiContext, ApiHandler } from '../context';
import { sign } from '../domain/signing';
import { parseBody } from '../http/body';
import { ApiError, invalid, notFound } from '../http/errors';
import { getPresign, headObject, savePresign } from '../store/objects';
import { getProject, type Project } from '../store/projects';
import { getStimulus, insertStimulus, listStimuli, updateStimulus } from '../store/stimuli';
import { iso } from '../clock';
import { mediaUrl, stimulusRecord } from './views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stimuliProject(ctx: ApiContext, projectId: string, forWrite: boolean): Project {
  const project = getProject(ctx.db, ctx.org.id, projectId);
  if (!project) throw notFound();
  if (project.type !== 'STIMULI') throw new ApiError(400, 'not_stimuli_project', 'Stimuli can only be added to projects of type STIMULI.');
  if (forWrite && project.has_launched) throw new ApiError(409, 'not_editable', 'This project has launched, so its stimuli can no longer be changed.');
  return project;
}

export const listStimuliRoute: ApiHandler = (_req, _p, ctx, url) => {
  const projectId = url.searchParams.get('project_id');
  if (!projectId) throw invalid('project_id is required.');
  const project = getProject(ctx.db, ctx.org.id, projectId);
  if (!project) throw notFound();
  const items = listStimuli(ctx.db, project.id).map((s) => stimulusRecord(ctx, s));
  return { status: 200, body: { items, total: items.length } };
};

/** Presigned POST, the S3 way: a policy naming the key, type, size limit and expiry, signed by the service. */
export type UploadPolicy = { key: string; content_type: string; max_bytes: number; expires: number; file_id: string };

export const presignRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, presignRequest);
  const project = stimuliProject(ctx, body.project_id, true);
  const contentType = body.content_type.toLowerCase();
  const limit = stimulusLimitFor(contentType);
  if (!limit) throw new ApiError(400, 'unsupported_format', `${body.content_type} is not a supported stimulus format.`);
  const ext = body.filename.includes('.') ? body.filename.slice(body.filename.lastIndexOf('.')).toLowerCase() : '';
  const allowed = (STIMULUS_FORMATS as Record<string, { exts: readonly string[] }>)[contentType]!.exts;
  if (!allowed.includes(ext)) {
    throw new ApiError(400, 'extension_mismatch', `The file name should end in ${allowed.join(' or ')} for ${contentType}.`);
  }
  if (body.file_size_bytes !== undefined && body.file_size_bytes > limit.maxBytes) {
    throw new ApiError(400, 'file_too_large', `${limit.kind === 'image' ? 'Images' : 'Videos'} can be at most ${limit.maxBytes / 1024 / 1024} MB.`);
  }
  if (body.file_id !== undefined && !UUID.test(body.file_id)) throw invalid('file_id must be a UUID.');
  const fileId = body.file_id ?? randomUUID();
  const existing = getPresign(ctx.db, fileId);
  if (existing && existing.org_id !== ctx.org.id) throw new ApiError(409, 'conflict', 'This file_id is already in use.');
  const storageKey = `stimuli/${project.id}/${fileId}${ext}`;
  const expires = Math.floor(ctx.clock.now() / 1000) + ctx.config.presignTtlSeconds;
  const policy: UploadPolicy = { key: storageKey, content_type: contentType, max_bytes: limit.maxBytes, expires, file_id: fileId };
  const policyB64 = Buffer.from(JSON.stringify(policy)).toString('base64');
  savePresign(ctx.db, {
    file_id: fileId,
    project_id: project.id,
    org_id: ctx.org.id,
    storage_key: storageKey,
    content_type: contentType,
    filename: body.filename,
    max_bytes: limit.maxBytes,
    expires_at: expires,
  });
  return {
    status: 200,
    body: {
      upload_url: `${ctx.baseUrl()}/_storage/upload`,
      upload_fields: { key: storageKey, 'Content-Type': contentType, policy: policyB64, signature: sign(ctx.signingSecret, policyB64) },
      file_id: fileId,
      storage_key: storageKey,
      media_url: mediaUrl(ctx, storageKey),
      expires_in: ctx.config.presignTtlSeconds,
      content_type: contentType,
    },
  };
};

export const confirmRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, confirmRequest);
  const project = stimuliProject(ctx, body.project_id, true);
  const presign = getPresign(ctx.db, body.file_id);
  if (!presign || presign.project_id !== project.id || presign.org_id !== ctx.org.id) {
    throw new ApiError(404, 'upload_not_found', 'No upload was prepared with this file_id for this project.');
  }
  if (!presign.storage_key.toLowerCase().endsWith(body.file_ext.toLowerCase())) {
    throw new ApiError(400, 'extension_mismatch', `file_ext ${body.file_ext} does not match the uploaded file.`);
  }
  const object = headObject(ctx.db, presign.storage_key);
  if (!object) throw new ApiError(409, 'upload_missing', 'The file has not been uploaded yet. Upload it to upload_url, then confirm.');
  const already = getStimulus(ctx.db, project.id, body.file_id);
  if (!already) {
    insertStimulus(
      ctx.db,
      {
        id: body.file_id,
        project_id: project.id,
        kind: stimulusLimitFor(presign.content_type)!.kind,
        storage_key: presign.storage_key,
        content_type: presign.content_type,
        caption: body.caption ?? null,
        question_items: [],
      },
      iso(ctx.clock.now()),
    );
  } else if (body.caption !== undefined) {
    updateStimulus(ctx.db, { ...already, caption: body.caption });
  }
  return {
    status: 200,
    body: { message: already ? 'Stimulus already confirmed.' : 'Stimulus created.', file_id: body.file_id, media_url: mediaUrl(ctx, presign.storage_key) },
  };
};

export const assignRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, assignRequest);
  const project = stimuliProject(ctx, body.project_id, true);
  const stimulus = getStimulus(ctx.db, project.id, body.stimuli_id);
  if (!stimulus) throw new ApiError(404, 'not_found', 'No stimulus with this ID was found in this project.');
  const texts = new Set(project.questions.map((q) => q.question));
  const unknown = body.question_items.filter((t) => !texts.has(t));
  if (unknown.length > 0) {
    throw new ApiError(400, 'unknown_question', "Each question item must be the exact text of one of the project's questions.", {
      details: { unknown },
    });
  }
  const next = {
    ...stimulus,
    question_items: [...new Set(body.question_items)],
    caption: body.caption === undefined ? stimulus.caption : body.caption,
  };
  updateStimulus(ctx.db, next);
  return { status: 200, body: { stimuli_id: next.id, question_items: next.question_items, caption: next.caption } };
};

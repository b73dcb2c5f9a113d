import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PROJECT_STATUSES } from '../../shared/schemas/enums';
import type { ApiHandler, Reply, SandboxContext } from '../context';
import { DEFAULT_BALANCE_CENTS, DEFAULT_TRIAL_CREDITS, formatCents } from '../domain/billing';
import { announceCompletion } from '../domain/completion';
import { simulateInterviews } from '../domain/simulate';
import type { IncomingMessage } from 'node:http';
import { parseBody } from '../http/body';
import { ApiError, notFound } from '../http/errors';
import { getFaults, setFaults, type Faults } from '../store/faults';
import { insertInterview } from '../store/interviews';
import { createOrganisation, issueKey, orgForKey, revokeKey, updateOrg, type Org } from '../store/orgs';
import { getProject, updateProject } from '../store/projects';
import { deliveriesForOrg, insertWebhook } from '../store/webhooks';
import { newWebhookSecret } from '../webhooks/signature';
import { iso } from '../clock';

const context = z
  .object({ company_info: z.string().max(2000).optional(), product_summary: z.string().max(2000).optional(), churn_context: z.string().max(2000).optional() })
  .strict();

const newOrg = z.object({
  name: z.string().trim().min(1).max(120),
  balance_cents: z.number().int().min(0).default(DEFAULT_BALANCE_CENTS),
  trial_credits: z.number().int().min(0).default(DEFAULT_TRIAL_CREDITS),
  context: context.optional(),
  api_key: z.string().min(16).max(200).optional(),
});

const orgPatch = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  balance_cents: z.number().int().min(0).optional(),
  trial_credits: z.number().int().min(0).optional(),
  context: context.optional(),
  ai_enabled: z.boolean().optional(),
  video_url_ttl_seconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .nullable()
    .optional(),
  report_duration_ms: z.number().int().min(0).max(3_600_000).nullable().optional(),
});

const rate = z.number().min(0).max(1);
const faultsBody = z.object({
  rate_429: rate.default(0),
  rate_5xx: rate.default(0),
  latency_ms: z.number().int().min(0).max(60_000).default(0),
  truncate_rate: rate.default(0),
  generation_failure_rate: rate.default(0),
  report_failure_rate: rate.default(0),
  retry_after_seconds: z.number().int().min(0).max(3600).default(1),
  fault_methods: z.array(z.enum(['GET', 'POST', 'PUT', 'PATCH'])).default([]),
});

const simulateBody = z.object({
  completed: z.number().int().min(0).max(20_000),
  incomplete: z.number().int().min(0).max(20_000).default(0),
  started: z.number().int().min(0).max(20_000).default(0),
  /** Extension for load tests: synthetic transcripts of this many turns, not the sample videos' own. */
  transcript_turns: z.number().int().min(2).max(5_000).optional(),
});

const screenerQuestion = z.object({
  id: z.string().min(1).max(64),
  text: z.string().min(1).max(500),
  options: z.array(z.string()).nullable().default(null),
  pass: z.array(z.string()).nullable().default(null),
});
const projectPatch = z.object({
  survey_questions: z.boolean().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  screener: z.array(screenerQuestion).nullable().optional(),
});

export const orgView = (o: Org) => ({
  organisation_id: o.id,
  name: o.name,
  balance_cents: o.balance_cents,
  balance: formatCents(o.balance_cents),
  trial_credits: o.trial_credits,
  context: o.context,
  ai_enabled: o.ai_enabled,
  video_url_ttl_seconds: o.video_url_ttl_seconds,
  report_duration_ms: o.report_duration_ms,
});

/** POST /_sandbox/organisations needs no key: it is how an operator gets the first one. */
export async function createOrgRoute(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const body = await parseBody(req, newOrg);
  const created = createOrganisation(
    ctx.db,
    {
      name: body.name,
      balance_cents: body.balance_cents,
      trial_credits: body.trial_credits,
      ...(body.context ? { context: body.context } : {}),
      ...(body.api_key ? { api_key: body.api_key } : {}),
    },
    iso(ctx.clock.now()),
  );
  return { status: 201, body: created };
}

export const getOrgRoute: ApiHandler = (_req, _p, ctx) => ({ status: 200, body: orgView(ctx.org) });

export const patchOrgRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, orgPatch);
  const next = updateOrg(ctx.db, ctx.org.id, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
  return { status: 200, body: orgView(next) };
};

export const newKeyRoute: ApiHandler = (_req, _p, ctx) => ({ status: 201, body: { api_key: issueKey(ctx.db, ctx.org.id, iso(ctx.clock.now())) } });

export const revokeKeyRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(req, z.object({ api_key: z.string().min(1) }));
  // Only keys of the caller's own organisation can be revoked.
  const owner = orgForKey(ctx.db, body.api_key);
  if (!owner || owner.id !== ctx.org.id) throw new ApiError(404, 'not_found', 'No such key in this organisation.');
  revokeKey(ctx.db, body.api_key);
  return { status: 200, body: { revoked: true } };
};

export const simulateRoute: ApiHandler = async (req, params, ctx) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  if (!project.has_launched)
    throw new ApiError(409, 'not_launched', 'Launch the project before simulating interviews: participants can only join a launched project.');
  const body = await parseBody(req, simulateBody);
  // What the project already has: new interviews replay none of its recordings and repeat none of its names.
  const had = ctx.db.prepare("SELECT video_key, json_extract(participant_json, '$.name') AS name FROM interviews WHERE project_id = ?").all(project.id) as {
    video_key: string | null;
    name: unknown;
  }[];
  const taken = {
    videoKeys: new Set(had.flatMap((r) => (r.video_key ? [r.video_key] : []))),
    names: new Set(had.flatMap((r) => (typeof r.name === 'string' ? [r.name] : []))),
  };
  const made = simulateInterviews({
    project,
    counts: { completed: body.completed, incomplete: body.incomplete, started: body.started },
    videos: ctx.media.videos,
    nowMs: ctx.clock.now(),
    existing: had.length,
    taken,
    ...(body.transcript_turns ? { transcriptTurns: body.transcript_turns } : {}),
  });
  ctx.db.transaction(() => made.forEach((i) => insertInterview(ctx.db, i)))();
  for (const i of made) announceCompletion(ctx, project, i);
  const ids = (s: string) => made.filter((i) => i.status === s).map((i) => i.id);
  return { status: 201, body: { completed: ids('COMPLETE'), incomplete: ids('INCOMPLETE'), started: ids('STARTED') } };
};

export const patchProjectOperatorRoute: ApiHandler = async (req, params, ctx) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  const body = await parseBody(req, projectPatch);
  const next = {
    ...project,
    ...(body.survey_questions !== undefined ? { survey_questions: body.survey_questions } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.screener !== undefined ? { screener: body.screener } : {}),
  };
  updateProject(ctx.db, next);
  return { status: 200, body: { project_id: next.id, status: next.status, survey_questions: next.survey_questions, screener: next.screener } };
};

export const addWebhookRoute: ApiHandler = async (req, _p, ctx) => {
  const body = await parseBody(
    req,
    z.object({
      url: z
        .string()
        .url()
        .refine((u) => /^https?:\/\//.test(u), 'http(s) only'),
    }),
  );
  const secret = newWebhookSecret();
  const id = randomUUID();
  insertWebhook(ctx.db, { id, org_id: ctx.org.id, url: body.url, secret }, iso(ctx.clock.now()));
  return { status: 201, body: { id, secret } };
};

export const listDeliveriesRoute: ApiHandler = (_req, _p, ctx) => ({
  status: 200,
  body: { items: deliveriesForOrg(ctx.db, ctx.org.id).map(({ payload, ...d }) => ({ ...d, payload: JSON.parse(payload) as unknown })) },
});

export const putFaultsRoute: ApiHandler = async (req, _p, ctx) => {
  const body: Faults = await parseBody(req, faultsBody);
  setFaults(ctx.db, ctx.org.id, body);
  return { status: 200, body };
};

export const getFaultsRoute: ApiHandler = (_req, _p, ctx) => ({ status: 200, body: getFaults(ctx.db, ctx.org.id) });

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Reply, SandboxContext } from '../context';
import { announceCompletion } from '../domain/completion';
import { answer, leave, startChat, type ChatState } from '../domain/interviewer';
import { parseBody } from '../http/body';
import { ApiError } from '../http/errors';
import { sendText } from '../http/respond';
import { CHAT_CSS, CHAT_JS, WIDGET_JS } from '../pages/chat-assets';
import { chatPage, notice } from '../pages/html';
import { getAllowList } from '../store/allow-lists';
import { getInterview, insertInterview, updateInterview, type Interview } from '../store/interviews';
import { getProjectByInterviewId, type Project } from '../store/projects';
import { iso } from '../clock';

const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'";

/**
 * The participant's side. call_url is the direct link and may not be framed; embed_url may be framed
 * only by the project's allow-listed origins (an empty list frames nowhere), enforced with
 * Content-Security-Policy frame-ancestors.
 */
export function servePage(res: ServerResponse, ctx: SandboxContext, kind: 'call' | 'embed', interviewId: string, projectId: string): void {
  const project = getProjectByInterviewId(ctx.db, interviewId, projectId);
  const allowed = project && kind === 'embed' ? getAllowList(ctx.db, project.id) : [];
  const ancestors = allowed.length > 0 ? allowed.join(' ') : "'none'";
  const headers = { 'content-security-policy': `${PAGE_CSP}; frame-ancestors ${ancestors}`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  const html = 'text/html; charset=utf-8';
  if (!project) return sendText(res, 404, notice('Interview not found', 'This interview link is not valid. Check the link you were given.'), html, headers);
  if (!project.has_launched) {
    return sendText(res, 403, notice('Not open yet', 'This interview has not started yet. Please try again later.'), html, headers);
  }
  sendText(
    res,
    200,
    chatPage({ title: project.title, projectId: project.id, interviewId: project.interview_id, embedded: kind === 'embed', modes: project.interaction_modes }),
    html,
    headers,
  );
}

export function serveAsset(res: ServerResponse, name: string): boolean {
  const assets: Record<string, [string, string]> = {
    'chat.js': [CHAT_JS, 'text/javascript; charset=utf-8'],
    'chat.css': [CHAT_CSS, 'text/css; charset=utf-8'],
  };
  const asset = assets[name];
  if (!asset) return false;
  sendText(res, 200, asset[0], asset[1], { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  return true;
}

export function serveWidget(res: ServerResponse): void {
  sendText(res, 200, WIDGET_JS, 'text/javascript; charset=utf-8', { 'cache-control': 'no-cache', 'access-control-allow-origin': '*' });
}

type Session = { token: string; interview_id: string; state: ChatState };

function loadSession(ctx: SandboxContext, token: string): { session: Session; interview: Interview; project: Project } {
  const row = ctx.db.prepare('SELECT token, interview_id, state_json FROM chat_sessions WHERE token = ?').get(token) as
    { token: string; interview_id: string; state_json: string } | undefined;
  if (!row) throw new ApiError(404, 'not_found', 'This interview session has ended or does not exist. Reload the page to start again.');
  const interview = getInterview(ctx.db, row.interview_id)!;
  const project = ctx.db.prepare('SELECT interview_id FROM projects WHERE id = ?').get(interview.project_id) as { interview_id: string };
  return {
    session: { token: row.token, interview_id: row.interview_id, state: JSON.parse(row.state_json) as ChatState },
    interview,
    project: getProjectByInterviewId(ctx.db, project.interview_id, interview.project_id)!,
  };
}

function persist(ctx: SandboxContext, session: Session, interview: Interview, project: Project): Interview {
  const now = ctx.clock.now();
  const s = session.state;
  const next: Interview = {
    ...interview,
    transcript: s.turns,
    status: s.outcome ?? 'STARTED',
    completed_at: s.outcome === 'COMPLETE' ? iso(now) : null,
    // The transcript's timeline can run past the wall clock (turns last at least their speaking time).
    duration_seconds: s.outcome ? Math.max(1, Math.round((now - s.startedAtMs) / 1000), Math.ceil(s.turns.at(-1)?.end ?? 0)) : null,
    screener: project.screener
      ? {
          approved: project.screener.every((q) => !q.pass || q.pass.some((p) => p.toLowerCase() === (s.screenerAnswers[q.id] ?? '').trim().toLowerCase())),
          questions: Object.fromEntries(project.screener.map((q) => [q.id, { text: q.text }])),
          answers: s.screenerAnswers,
        }
      : null,
  };
  ctx.db.transaction(() => {
    updateInterview(ctx.db, next);
    ctx.db.prepare('UPDATE chat_sessions SET state_json = ? WHERE token = ?').run(JSON.stringify(s), session.token);
  })();
  if (next.status === 'COMPLETE' && interview.status !== 'COMPLETE') announceCompletion(ctx, project, next);
  return next;
}

const startBody = z.object({
  project_id: z.string().min(1),
  interview_id: z.string().min(1),
  name: z.string().trim().max(120).default(''),
  email: z.string().trim().max(200).default(''),
  embedded: z.boolean().default(false),
});

export async function startSession(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const body = await parseBody(req, startBody);
  const project = getProjectByInterviewId(ctx.db, body.interview_id, body.project_id);
  if (!project) throw new ApiError(404, 'not_found', 'This interview link is not valid.');
  if (!project.has_launched) throw new ApiError(403, 'not_open', 'This interview has not started yet.');
  if (body.name === '') throw new ApiError(400, 'invalid_request', 'Please enter your name to start.');
  const now = ctx.clock.now();
  const { state, messages } = startChat(project, now);
  const id = randomUUID();
  const interview: Interview = {
    id,
    project_id: project.id,
    user_interview_id: id,
    status: 'STARTED',
    source: 'chat',
    started_at: iso(now),
    completed_at: null,
    duration_seconds: null,
    video_key: null,
    participant: { name: body.name, ...(body.email ? { email: body.email } : {}), channel: body.embedded ? 'embed' : 'link' },
    transcript: state.turns,
    screener: null,
  };
  const token = randomBytes(18).toString('base64url');
  ctx.db.transaction(() => {
    insertInterview(ctx.db, interview);
    ctx.db.prepare('INSERT INTO chat_sessions (token, interview_id, state_json) VALUES (?, ?, ?)').run(token, id, JSON.stringify(state));
  })();
  return { status: 201, body: { token, messages, done: false } };
}

export async function sendMessage(req: IncomingMessage, ctx: SandboxContext, token: string): Promise<Reply> {
  const body = await parseBody(req, z.object({ text: z.string().trim().min(1, 'Type an answer first.').max(4000) }));
  const { session, interview, project } = loadSession(ctx, token);
  if (session.state.phase === 'done') throw new ApiError(409, 'finished', 'This interview has already finished.');
  const messages = answer(project, session.state, body.text, ctx.clock.now());
  const saved = persist(ctx, session, interview, project);
  return { status: 200, body: { messages, done: saved.status !== 'STARTED', outcome: saved.status } };
}

export function leaveSession(ctx: SandboxContext, token: string): Reply {
  const { session, interview, project } = loadSession(ctx, token);
  leave(session.state, ctx.clock.now());
  const saved = persist(ctx, session, interview, project);
  return { status: 200, body: { done: true, outcome: saved.status } };
}

import { randomUUID } from 'node:crypto';
import type { ApiContext, ApiHandler } from '../context';
import { computeReport } from '../domain/themes';
import { ApiError, notFound } from '../http/errors';
import { completedInterviews, interviewsByIds } from '../store/interviews';
import { getProject } from '../store/projects';
import { getReport, saveReport, type ReportRow } from '../store/reports';
import { iso } from '../clock';

export const startReportRoute: ApiHandler = (_req, params, ctx) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  const completed = completedInterviews(ctx.db, project.id);
  if (completed.length === 0) {
    // A draft has no participant link yet: say the step that comes first.
    const next = project.has_launched ? 'Share the participant link first.' : 'Launch the study, then share its participant link.';
    throw new ApiError(422, 'no_completed_interviews', `A report needs at least one completed interview. ${next}`);
  }
  const now = ctx.clock.now();
  const row: ReportRow = {
    project_id: project.id,
    report_id: randomUUID(),
    status: 'PROCESSING',
    started_at: now,
    ready_at: now + (ctx.org.report_duration_ms ?? ctx.config.reportDurationMs),
    will_fail: ctx.random() < ctx.faults.report_failure_rate,
    interview_ids: completed.map((i) => i.id),
    result: null,
  };
  saveReport(ctx.db, row);
  return { status: 202, body: { report_id: row.report_id, project_id: row.project_id, status: row.status } };
};

/**
 * Generation finishes lazily: the first read after its ready time completes it. No timers, so a
 * restarted sandbox finishes a report it started before.
 */
export function settleReport(ctx: Pick<ApiContext, 'db' | 'clock'>, row: ReportRow): ReportRow {
  if (row.status !== 'PROCESSING' || ctx.clock.now() < row.ready_at) return row;
  const done: ReportRow = row.will_fail
    ? { ...row, status: 'FAILED' }
    : {
        ...row,
        status: 'COMPLETED',
        result: computeReport(
          interviewsByIds(ctx.db, row.interview_ids).map((i) => i.transcript ?? []),
          iso(row.ready_at),
          guideQuestions(ctx, row.project_id),
        ),
      };
  saveReport(ctx.db, done);
  return done;
}

export const getReportRoute: ApiHandler = (_req, params, ctx) => {
  const project = getProject(ctx.db, ctx.org.id, params.project_id!);
  if (!project) throw notFound();
  const stored = getReport(ctx.db, project.id);
  if (!stored) throw new ApiError(404, 'report_not_found', 'No report has been generated for this project yet.');
  const row = settleReport(ctx, stored);
  const base = { report_id: row.report_id, project_id: row.project_id, status: row.status };
  if (row.status === 'COMPLETED' && row.result) return { status: 200, body: { ...base, ...row.result } };
  if (row.status === 'FAILED') return { status: 200, body: { ...base, message: 'Report generation failed. Start a new report to try again.' } };
  return { status: 200, body: base };
};

function guideQuestions(ctx: Pick<ApiContext, 'db'>, projectId: string): string[] {
  const row = ctx.db.prepare('SELECT questions_json FROM projects WHERE id = ?').get(projectId) as { questions_json: string } | undefined;
  return row ? (JSON.parse(row.questions_json) as { question: string }[]).map((q) => q.question) : [];
}

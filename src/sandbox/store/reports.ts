import type { SandboxDb } from './db';

export type ReportTheme = { title: string; frequency: number; summary: string; quotes: string[] };
export type ReportResult = { summary: string; themes: ReportTheme[]; interviews_analysed: number; generated_at: string };

export type ReportRow = {
  project_id: string;
  report_id: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  started_at: number;
  ready_at: number;
  will_fail: boolean;
  interview_ids: string[];
  result: ReportResult | null;
};

type Row = Omit<ReportRow, 'will_fail' | 'interview_ids' | 'result'> & {
  will_fail: number;
  interview_ids_json: string;
  result_json: string | null;
};

export function getReport(db: SandboxDb, projectId: string): ReportRow | null {
  const r = db.prepare('SELECT * FROM reports WHERE project_id = ?').get(projectId) as Row | undefined;
  if (!r) return null;
  return {
    project_id: r.project_id,
    report_id: r.report_id,
    status: r.status,
    started_at: r.started_at,
    ready_at: r.ready_at,
    will_fail: r.will_fail === 1,
    interview_ids: JSON.parse(r.interview_ids_json) as string[],
    result: r.result_json ? (JSON.parse(r.result_json) as ReportResult) : null,
  };
}

/** A new generation replaces the old report in one statement, as the spec says. */
export function saveReport(db: SandboxDb, r: ReportRow): void {
  db.prepare(
    `INSERT OR REPLACE INTO reports (project_id, report_id, status, started_at, ready_at, will_fail, interview_ids_json, result_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.project_id,
    r.report_id,
    r.status,
    r.started_at,
    r.ready_at,
    r.will_fail ? 1 : 0,
    JSON.stringify(r.interview_ids),
    r.result ? JSON.stringify(r.result) : null,
  );
}

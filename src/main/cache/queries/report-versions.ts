import { createHash } from 'node:crypto';
import type { Report } from '../../../shared/schemas/report';
import type { CacheDb } from '../open';
import { stmt } from './stmt';

/** One report Fieldwork has seen, as listed: its facts and how many themes it has. */
export type ReportVersionSummary = {
  id: number;
  project_id: string;
  report_id: string | null;
  generated_at: string | null;
  seen_at: string;
  interviews_analysed: number | null;
  themes: number;
};
/** A version with the report as the app read it when it was seen. */
export type ReportVersion = ReportVersionSummary & { report: Report };

/** A report worth keeping as a version: a complete one, or any that carries themes (never "still processing"). */
export const isVersionable = (r: Report): boolean => r.status === 'COMPLETED' || r.themes.length > 0;

/**
 * What a version stores: the report as the app reads it, and a hash of its content (the status and the
 * study left out: the same themes saved once at a poll's deadline and again when complete are one version).
 * Migration 0014 builds the same two for the reports it backfills; its test holds them together.
 */
export function versionContent(r: Report, projectId: string): { json: string; hash: string } {
  const themes = r.themes.map((t) => ({ title: t.title, frequency: t.frequency, summary: t.summary, quotes: [...t.quotes] }));
  const json = JSON.stringify({
    report_id: r.report_id,
    project_id: projectId,
    status: r.status,
    generated_at: r.generated_at,
    interviews_analysed: r.interviews_analysed,
    summary: r.summary,
    themes,
  });
  const hash = createHash('sha256')
    .update(JSON.stringify([r.report_id, r.generated_at, r.interviews_analysed, r.summary, themes.map((t) => [t.title, t.frequency, t.summary, t.quotes])]))
    .digest('hex');
  return { json, hash };
}

/**
 * Appends the report as a new version of the study unless it is the study's latest version already (same
 * content) or not a report to keep. Called by saveReport, in its transaction. Returns the new version's id.
 */
export function appendReportVersion(db: CacheDb, args: { projectId: string; report: Report; now: string }): number | null {
  if (!isVersionable(args.report)) return null;
  const { json, hash } = versionContent(args.report, args.projectId);
  const latest = stmt(db, 'SELECT content_hash FROM report_versions WHERE project_id = ? ORDER BY id DESC LIMIT 1').get(args.projectId) as
    { content_hash: string } | undefined;
  if (latest?.content_hash === hash) return null;
  const r = args.report;
  const info = stmt(
    db,
    'INSERT INTO report_versions (project_id, report_id, generated_at, seen_at, interviews_analysed, report_json, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(args.projectId, r.report_id, r.generated_at, args.now, r.interviews_analysed, json, hash);
  return Number(info.lastInsertRowid);
}

/** As read: `themes` is null when a stored report has no themes array (json_array_length of a missing path). */
type Row = Omit<ReportVersionSummary, 'themes'> & { themes: number | null };
const SUMMARY_COLUMNS = `id, project_id, report_id, generated_at, seen_at, interviews_analysed, json_array_length(report_json, '$.themes') AS themes`;
const summary = (r: Row): ReportVersionSummary => ({
  id: r.id,
  project_id: r.project_id,
  report_id: r.report_id,
  generated_at: r.generated_at,
  seen_at: r.seen_at,
  interviews_analysed: r.interviews_analysed,
  themes: r.themes ?? 0,
});

/** The study's versions, newest (last seen) first. */
export function listReportVersions(db: CacheDb, args: { projectId: string }): ReportVersionSummary[] {
  return (stmt(db, `SELECT ${SUMMARY_COLUMNS} FROM report_versions WHERE project_id = ? ORDER BY id DESC`).all(args.projectId) as Row[]).map(summary);
}

/** One version with its report, or null when there is no version with that id. */
export function getReportVersion(db: CacheDb, args: { id: number }): ReportVersion | null {
  const r = stmt(db, `SELECT ${SUMMARY_COLUMNS}, report_json FROM report_versions WHERE id = ?`).get(args.id) as (Row & { report_json: string }) | undefined;
  if (!r) return null;
  return { ...summary(r), report: JSON.parse(r.report_json) as Report };
}

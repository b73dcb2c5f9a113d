/**
 * What the report formats share: the input (the cached report plus where its quotes were found in
 * transcripts), percentages, and how a located quote is cited. Pure: no Electron, no file system.
 */
import type { Report } from '../../../shared/schemas/report';
import { clock, oneLine } from '../transcript/common';

/** Where a quote was found: the interview as the researcher knows it, and the turn's start. */
export type QuoteLocation = { interview: string; start_ms: number | null };

export type ReportExportInput = {
  project: { id: string; title: string };
  report: Report;
  /**
   * Per theme (in report.themes order), per quote: its location, or null when no transcript held it.
   * Optional: an export without transcripts at hand simply cites nothing.
   */
  locations?: (QuoteLocation | null | undefined)[][];
};

export type ReportTheme = Report['themes'][number];

/** Themes from most to least frequent; ties keep the service's order. The schema sorts, but callers may not. */
export function themesByFrequency(report: Report): { theme: ReportTheme; index: number }[] {
  return report.themes.map((theme, index) => ({ theme, index })).sort((a, b) => b.theme.frequency - a.theme.frequency || a.index - b.index);
}

/** A 0-1 share as a whole percentage ("42%"). */
export function percent(share: number): string {
  const n = Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0;
  return `${Math.round(n * 100)}%`;
}

export function locationOf(input: ReportExportInput, themeIndex: number, quoteIndex: number): QuoteLocation | null {
  const loc = input.locations?.[themeIndex]?.[quoteIndex];
  // A quote found in a turn whose time is unknown is still cited, as "time unknown".
  return loc && (loc.start_ms === null || Number.isFinite(loc.start_ms)) ? loc : null;
}

/** "P03, 00:04:12": the reference printed under a located quote (the interview by its participant code). */
export function citation(loc: QuoteLocation): string {
  return `${oneLine(loc.interview)}, ${clock(loc.start_ms)}`;
}

export function reportTitle(input: ReportExportInput): string {
  return `${oneLine(input.project.title) || input.project.id}: report`;
}

export function metaRows(input: ReportExportInput): [string, string][] {
  const r = input.report;
  return [
    ['Interviews analysed', r.interviews_analysed === null ? 'unknown' : String(r.interviews_analysed)],
    ['Generated at', r.generated_at ? readableUtc(r.generated_at) : 'unknown'],
  ];
}

/** "2026-11-21 08:00 UTC": readable anywhere, and unambiguous in a file that is passed around. */
export function readableUtc(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

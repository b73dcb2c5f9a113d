import { z } from 'zod';
import { reportStatusIn } from './enums';
import { looseInt, looseString, looseStringList } from './tolerant';

const frequency = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) return 0;
    // A percentage (0-100) is read as a share; the spec says 0 to 1.
    const share = n > 1 ? n / 100 : n;
    return Math.min(1, Math.max(0, share));
  });

export const reportTheme = z.object({
  title: looseString.transform((t) => t ?? ''),
  frequency,
  summary: looseString.transform((t) => t ?? ''),
  quotes: looseStringList,
});
export type ReportTheme = z.output<typeof reportTheme>;

export const report = z.object({
  report_id: looseString,
  project_id: looseString,
  status: reportStatusIn,
  generated_at: looseString.optional().transform((v) => v ?? null),
  interviews_analysed: looseInt.optional().transform((v) => v ?? null),
  summary: looseString.optional().transform((v) => v ?? null),
  themes: z
    .array(reportTheme)
    .nullable()
    .optional()
    .transform((ts) => [...(ts ?? [])].sort((a, b) => b.frequency - a.frequency)),
});
export type Report = z.output<typeof report>;

export const reportStarted = z.object({
  report_id: z.string().min(1),
  project_id: looseString,
  status: reportStatusIn,
});
export type ReportStarted = z.output<typeof reportStarted>;

import { diffReports, type ReportDiff } from '../../shared/analysis/report-diff';
import type { Cache } from '../cache/cache';
import type { ReportVersion, ReportVersionSummary } from '../cache/queries/report-versions';
import { AppError } from '../errors';

/** One kept version as listed: newest first, `themes` is how many themes it has. */
export type VersionListing = Omit<ReportVersionSummary, 'project_id'>;
/** Two versions of one study compared: their listings and what changed from the first to the second. */
export type VersionDiff = ReportDiff & { project_id: string; from: VersionListing; to: VersionListing; summary_changed: boolean };

const listing = (v: ReportVersionSummary): VersionListing => ({
  id: v.id,
  report_id: v.report_id,
  generated_at: v.generated_at,
  seen_at: v.seen_at,
  interviews_analysed: v.interviews_analysed,
  themes: v.themes,
});

/**
 * The reports Fieldwork has kept for a study (every one it has seen; the service keeps only the latest)
 * and the diff of two of them. Reads the workspace's cache only: works offline.
 */
export function reportVersions(cache: Pick<Cache, 'call'>) {
  const load = async (id: number, projectId: string | undefined): Promise<ReportVersion> => {
    const v = await cache.call('reports.version', { id });
    if (!v || (projectId !== undefined && v.project_id !== projectId)) {
      throw new AppError(
        'unknown_report_version',
        `No report version ${id}${projectId !== undefined ? ' for this study' : ''} in the offline cache. List them with \`fieldwork report versions\`.`,
      );
    }
    return v;
  };
  return {
    /** Newest first. */
    async listVersions(projectId: string): Promise<VersionListing[]> {
      return (await cache.call('reports.versions', { projectId })).map(listing);
    },
    /** What changed from version `fromId` to version `toId`; both must be versions of one study (of `projectId`, when given). */
    async diffVersions(fromId: number, toId: number, o: { projectId?: string } = {}): Promise<VersionDiff> {
      const [from, to] = await Promise.all([load(fromId, o.projectId), load(toId, o.projectId)]);
      if (from.project_id !== to.project_id) {
        throw new AppError(
          'report_versions_unrelated',
          `Report versions ${fromId} and ${toId} belong to different studies; compare two versions of one study.`,
        );
      }
      return {
        project_id: to.project_id,
        from: listing(from),
        to: listing(to),
        summary_changed: (from.report.summary ?? '').trim() !== (to.report.summary ?? '').trim(),
        ...diffReports(from.report, to.report),
      };
    },
  };
}
export type ReportVersions = ReturnType<typeof reportVersions>;

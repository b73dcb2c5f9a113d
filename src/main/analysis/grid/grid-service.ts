import { join } from 'node:path';
import type { QuestionGrid } from '../../../shared/analysis/question-grid';
import type { GridExportView } from '../../../shared/ipc/channels/grid';
import { AppError } from '../../errors';
import { safeFileName } from '../../output/file-names';
import { openExportSink } from '../../output/sink';
import type { OutputPort } from '../../output/port';
import type { RuntimeManager } from '../../workspaces/runtime';
import { gridCsv, gridDocx, gridJson } from './grid-export';
import type { Redactor } from '../../output/redactor';
import { redactGrid } from '../../redaction/apply';
import { redactionNotes } from '../../output/summary-notes';

export type GridDeps = { runtimes: Pick<RuntimeManager, 'get'>; exporter?: OutputPort };

/** What a grouping key is called for people: the field's name, or the screener question's text. */
export function groupLabel(grid: QuestionGrid): string | null {
  if (grid.by === null) return null;
  return grid.group_options.find((o) => o.key === grid.by)?.label ?? grid.by;
}

/**
 * The question grid from a workspace's cache (built in the cache worker, where the turns are), checked
 * against the study and the grouping key, and its CSV and DOCX exports into a folder the researcher chose.
 */
export function createGridService(d: GridDeps) {
  const build = async (workspaceId: string, projectId: string, by: string | null): Promise<QuestionGrid> => {
    const cache = (await d.runtimes.get(workspaceId)).cache;
    if (!(await cache.call('projects.get', { id: projectId }))) {
      throw new AppError('unknown_project', `No project ${projectId} in the saved data. Sync it first, then open its grid.`);
    }
    const grid = await cache.call('grid.build', { projectId, by });
    if (by !== null && !grid.group_options.some((o) => o.key === by)) {
      const known = grid.group_options.map((o) => o.key);
      throw new AppError(
        'invalid_input',
        `No participant field or screener question "${by}" in this study's interviews. ${
          known.length ? `Group by one of: ${known.join(', ')}.` : 'Its interviews have no participant fields or screener answers to group by.'
        }`,
      );
    }
    return grid;
  };
  return {
    build,
    /**
     * The grid as the text of a CSV or JSON file, redacted with `redactor` when given, with the notes a
     * redacted file carries (the CLI writes it where the command line says).
     */
    async text(workspaceId: string, projectId: string, by: string | null, format: 'csv' | 'json', redactor: Redactor | null) {
      const plain = await build(workspaceId, projectId, by);
      const grid = redactor ? redactGrid(plain, redactor) : plain;
      const text = format === 'csv' ? gridCsv(grid) : `${JSON.stringify(gridJson(grid), null, 2)}\n`;
      return { grid, text, notes: redactor ? redactionNotes(redactor) : [] };
    },
    async export(input: {
      workspace_id: string;
      project_id: string;
      by: string | null;
      format: 'csv' | 'docx';
      folder: string;
      redact?: boolean;
    }): Promise<GridExportView> {
      if (!d.exporter) throw new AppError('not_allowed', 'Exports are not available here.');
      const folder = d.exporter.allowedFolder(input.folder);
      const redactor = await d.exporter.redactor(input.workspace_id, input.project_id, input.redact ?? false);
      const grid = redactGrid(await build(input.workspace_id, input.project_id, input.by), redactor);
      const project = (await (await d.runtimes.get(input.workspace_id)).cache.call('projects.get', { id: input.project_id }))!;
      const data = input.format === 'csv' ? gridCsv(grid, { bom: true }) : await gridDocx(grid, project, groupLabel(grid));
      const name = safeFileName(`${project.title || 'Study'} question grid`, { ext: input.format, fallback: 'question-grid' });
      const sink = await openExportSink({ target: { kind: 'folder', folder } });
      try {
        const written = await sink.writeFile(name, data);
        const result = await sink.finish();
        d.exporter.remember(folder);
        return { file: join(result.location, ...written.path.split('/')), bytes: written.bytes, notes: redactionNotes(redactor) };
      } catch (e) {
        await sink.cancel().catch(() => undefined);
        throw e;
      }
    },
  };
}
export type GridService = ReturnType<typeof createGridService>;

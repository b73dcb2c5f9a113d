// The grid store: builds and regroups through grid.build (a late answer for an older grouping is dropped), and
// exports to a folder picked in the OS dialog (none picked: nothing written; a refusal kept to show).
import { afterEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { gridSlice, useGrid } from '../../../../../src/renderer/features/grid/store';
import type { QuestionGrid } from '../../../../../src/shared/analysis/question-grid';
import { deferred, installFakeBridge, IpcFailure, type InstalledFakeBridge } from '../../../../support/fake-bridge';

let fake: InstalledFakeBridge;
afterEach(() => {
  fake.restore();
  useGrid.setState({ byKey: {} });
});

const gridFor = (by: string | null): QuestionGrid => ({
  guide: 'known',
  questions: [],
  rows: [],
  codes: [],
  by,
  groups: [],
  group_options: [{ key: 'plan', label: 'plan' }],
  unmatched: { turns: 0, interviews: 0 },
});
const slice = () => gridSlice(useGrid.getState(), 'w1', 'p1');

describe('grid store', () => {
  it('builds, regroups, and keeps the grouping for the next load; an older grouping answering late is dropped', async () => {
    const slow = deferred<QuestionGrid>();
    fake = installFakeBridge({ 'grid.build': (i) => (i.by == null ? slow.promise : gridFor(i.by)) });
    const first = useGrid.getState().load('w1', 'p1');
    await useGrid.getState().load('w1', 'p1', 'plan');
    expect(slice().grid?.by).toBe('plan');
    slow.resolve(gridFor(null));
    await first;
    expect(slice().grid?.by).toBe('plan');
    useGrid.getState().setOnly('w1', 'p1', 'Family');
    await useGrid.getState().load('w1', 'p1');
    expect(fake.inputs('grid.build').at(-1)).toEqual({ workspace_id: 'w1', project_id: 'p1', by: 'plan' });
    // The shown group stays while the grouping does; another grouping shows every group again.
    expect(slice().only).toBe('Family');
    await useGrid.getState().load('w1', 'p1', null);
    expect(slice().only).toBeNull();
  });

  it('exports only after a folder is picked, with the current grouping, and keeps a refusal to show', async () => {
    let folder: { folder: string } | null = null;
    fake = installFakeBridge({
      'grid.build': (i) => gridFor(i.by ?? null),
      'exports.lastFolder': () => ({ folder: null }),
      'exports.chooseFolder': () => folder,
      'grid.export': (i) => {
        if (i.format === 'docx') throw new IpcFailure('not_allowed', 'Choose the export folder with "Choose folder…" first.');
        return { file: '/out/Study question grid.csv', bytes: 10 };
      },
    });
    await useGrid.getState().load('w1', 'p1', 'plan');
    await useGrid.getState().exportTo('w1', 'p1', 'csv');
    expect(fake.inputs('grid.export')).toEqual([]);
    expect(slice()).toMatchObject({ exporting: null, exported: null, exportError: null });
    folder = { folder: '/out' };
    await useGrid.getState().exportTo('w1', 'p1', 'csv');
    expect(fake.inputs('grid.export')).toEqual([{ workspace_id: 'w1', project_id: 'p1', by: 'plan', format: 'csv', folder: '/out' }]);
    expect(slice().exported).toEqual({ file: '/out/Study question grid.csv' });
    await useGrid.getState().exportTo('w1', 'p1', 'docx');
    expect(slice()).toMatchObject({ exporting: null, exported: null, exportError: { code: 'not_allowed' } });
  });
});

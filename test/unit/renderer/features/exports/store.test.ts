// The Export dialog's store: "Redact names and personal data" asks the export service for a redacted export
// (exports.run's redact), and an unticked box sends exactly what it sent before the option existed.
import { afterEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { useExport, type ExportContext } from '../../../../../src/renderer/features/exports/store';
import { installFakeBridge, type InstalledFakeBridge } from '../../../../support/fake-bridge';

let fake: InstalledFakeBridge;
afterEach(() => {
  fake.restore();
  useExport.setState({ context: null, scope: null, job: null, folder: null });
  useExport.getState().setPrefs({ redact: false });
});

const context: ExportContext = { workspaceId: 'w1', projectId: 'p1', projectTitle: 'Study', hasReport: false, scopes: [{ kind: 'project' }] };
const RESULT = { location: '/out', reveal: '/out/Study', files: 2, bytes: 10, notes: ['This export is redacted: …'] };

describe('export store', () => {
  it('sends redact only when ticked, and keeps the redacted summary to show', async () => {
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: '/out' }), 'exports.run': () => RESULT });
    useExport.getState().open(context);
    useExport.setState({ folder: '/out' });
    await useExport.getState().start();
    expect(fake.inputs('exports.run')[0]).not.toHaveProperty('redact');
    useExport.getState().setPrefs({ redact: true });
    await useExport.getState().start();
    expect(fake.inputs('exports.run')[1]).toMatchObject({ project_id: 'p1', redact: true, include_participant: false });
    expect(useExport.getState().job).toMatchObject({ state: 'done', result: { notes: [RESULT.notes[0]] } });
  });
});

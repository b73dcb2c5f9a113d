// The Export dialog's store: "Redact names and personal data" asks the export service for a redacted export
// (exports.run's redact), and an unticked box sends exactly what it sent before the option existed. The
// participant key is asked for only when ticked, and never with redaction (the box says why).
import { afterEach, describe, expect, it } from 'vitest';
import type {} from '../../../../../src/renderer/env';
import { participantKeyReason, useExport, type ExportContext } from '../../../../../src/renderer/features/exports/store';
import { installFakeBridge, type InstalledFakeBridge } from '../../../../support/fake-bridge';

let fake: InstalledFakeBridge;
afterEach(() => {
  fake.restore();
  useExport.setState({ context: null, scope: null, job: null, folder: null });
  useExport.getState().setPrefs({ redact: false, participantKey: false });
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

  it('asks for the participant key only when ticked, and never with redaction, saying why', async () => {
    fake = installFakeBridge({ 'exports.lastFolder': () => ({ folder: '/out' }), 'exports.run': () => RESULT });
    useExport.getState().open(context);
    useExport.setState({ folder: '/out' });
    await useExport.getState().start();
    expect(fake.inputs('exports.run')[0]).not.toHaveProperty('participant_key');
    useExport.getState().setPrefs({ participantKey: true });
    expect(participantKeyReason(useExport.getState().prefs)).toBeNull();
    await useExport.getState().start();
    expect(fake.inputs('exports.run')[1]).toMatchObject({ participant_key: true });
    // Redaction on: the ticked key is not sent (main would refuse it), and the reason says what to do instead.
    useExport.getState().setPrefs({ redact: true });
    expect(participantKeyReason(useExport.getState().prefs)).toMatch(/^Not with redaction: .*Export it on its own, without redaction/);
    await useExport.getState().start();
    expect(fake.inputs('exports.run')[2]).toMatchObject({ redact: true });
    expect(fake.inputs('exports.run')[2]).not.toHaveProperty('participant_key');
  });
});

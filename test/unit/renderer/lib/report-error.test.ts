// A view's render error goes to main's log, bounded, and reporting it never fails in turn.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {} from '../../../../src/renderer/env';
import { reportRendererError } from '../../../../src/renderer/lib/report-error';
import { fakeBridge, flush } from '../../../support/fake-bridge';

afterEach(() => vi.unstubAllGlobals());

describe('reportRendererError', () => {
  it('sends the view, message and stacks through app.logRendererError, within the sizes main accepts', async () => {
    const bridge = fakeBridge();
    bridge.answer('app.logRendererError', () => undefined);
    vi.stubGlobal('window', { fieldwork: bridge.api });
    const error = new Error('x'.repeat(3000));
    reportRendererError('the Report tab'.repeat(20), error, '\n    at ReportTab');
    await flush();
    const [sent] = bridge.inputs('app.logRendererError');
    expect(sent?.view).toHaveLength(200);
    expect(sent?.message).toHaveLength(2000);
    expect(sent?.stack?.length).toBeLessThanOrEqual(8000);
    expect(sent?.stack).toContain(error.stack!.slice(0, 100));
  });

  it('ignores a refused call, a broken bridge and no bridge at all', async () => {
    const bridge = fakeBridge();
    vi.stubGlobal('window', { fieldwork: bridge.api });
    reportRendererError('a view', new Error('boom'));
    bridge.breakBridge('app.logRendererError');
    reportRendererError('a view', 'not even an Error');
    await flush();
    expect(bridge.inputs('app.logRendererError')).toHaveLength(2);
    vi.stubGlobal('window', {});
    expect(() => reportRendererError('a view', new Error('boom'))).not.toThrow();
    vi.unstubAllGlobals();
    expect(() => reportRendererError('a view', new Error('boom'))).not.toThrow();
  });
});

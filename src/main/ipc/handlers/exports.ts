import type { exportChannels } from '../../../shared/ipc/channels/exports';
import type { ExportService } from '../../exports/export-service';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the export service (exports/export-service.ts). */
export function exportHandlers(d: { exports: ExportService }): HandlerMap<typeof exportChannels> {
  return {
    'exports.chooseFolder': (input) => d.exports.chooseFolder(input),
    'exports.lastFolder': (input) => d.exports.lastFolder(input),
    'exports.run': (input) => d.exports.run(input),
    'exports.codeSegments': (input) => d.exports.codeSegments(input),
    'exports.cancel': (input) => d.exports.cancel(input),
  };
}

import type { appChannels } from '../../../shared/ipc/channels/app';
import type { ExportFolders } from '../../desktop/export-folders';
import type { DesktopPorts } from '../../desktop/ports';
import { AppError } from '../../errors';
import type { Logger } from '../../logging/logger';
import type { SecretStore } from '../../secrets/secret-store';
import type { HandlerMap } from '../dispatcher';

export function appHandlers(deps: {
  version: string;
  platform: string;
  secrets: SecretStore;
  desktop: DesktopPorts;
  exports: ExportFolders;
  nativeMenu: boolean;
  log: Logger;
}): HandlerMap<typeof appChannels> {
  return {
    'app.info': async () => ({
      version: deps.version,
      platform: deps.platform,
      keychain: { available: deps.secrets.kind === 'keychain', message: deps.secrets.warning },
      native_menu: deps.nativeMenu,
    }),
    'app.copyText': async ({ text }) => {
      await deps.desktop.writeClipboard(text);
    },
    'app.showInFolder': async ({ path }) => {
      const allowed = deps.exports.allowed(path);
      if (!allowed) throw new AppError('not_allowed', 'Fieldwork can only show files it exported itself, and this one is not there any more. Export it again.');
      deps.desktop.showInFolder(allowed);
    },
    'app.logRendererError': async ({ view, message, stack }) => {
      deps.log.error('renderer view failed', { view, message, ...(stack ? { stack } : {}) });
    },
  };
}

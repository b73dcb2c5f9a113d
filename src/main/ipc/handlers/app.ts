import type { appChannels } from '../../../shared/ipc/channels/app';
import type { DesktopPorts } from '../../desktop/ports';
import type { SecretStore } from '../../secrets/secret-store';
import type { HandlerMap } from '../dispatcher';

export function appHandlers(deps: { version: string; platform: string; secrets: SecretStore; desktop: DesktopPorts }): HandlerMap<typeof appChannels> {
  return {
    'app.info': async () => ({
      version: deps.version,
      platform: deps.platform,
      keychain: { available: deps.secrets.kind === 'keychain', message: deps.secrets.warning },
    }),
    'app.copyText': async ({ text }) => {
      deps.desktop.writeClipboard(text);
    },
  };
}

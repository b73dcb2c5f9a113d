import { WEBHOOK_SECRET_ACCOUNT } from '../../secrets/secret-store';
import type { SettingsView, settingsChannels } from '../../../shared/ipc/channels/settings';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

export function settingsHandlers(d: Pick<HandlerDeps, 'settings' | 'secrets' | 'onSettingsChanged' | 'webhookPort'>): HandlerMap<typeof settingsChannels> {
  const view = async (): Promise<SettingsView> => ({
    ...d.settings.get(),
    webhook_secret_set: (await d.secrets.get(WEBHOOK_SECRET_ACCOUNT)) !== null,
    webhook_listening_port: d.webhookPort(),
  });
  return {
    'settings.get': view,
    'settings.set': async ({ webhook_secret, ...patch }) => {
      d.settings.set(patch);
      if (webhook_secret !== undefined) {
        if (webhook_secret === '') await d.secrets.delete(WEBHOOK_SECRET_ACCOUNT);
        else await d.secrets.set(WEBHOOK_SECRET_ACCOUNT, webhook_secret);
      }
      await d.onSettingsChanged();
      return view();
    },
  };
}

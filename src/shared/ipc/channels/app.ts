import { z } from 'zod';
import { channel } from '../define';

export type KeychainStatus = { available: boolean; message: string | null };
export type AppInfo = {
  version: string;
  platform: string;
  keychain: KeychainStatus;
  /** True in Electron, where the native menu's accelerators deliver the app's shortcuts as `app.command`. */
  native_menu: boolean;
};

export const appChannels = {
  'app.info': channel(z.undefined()).returns<AppInfo>(),
  /** Copy goes through main: the page itself has no clipboard permission. */
  'app.copyText': channel(z.object({ text: z.string().max(1_000_000) })).returns<void>(),
  /** Reveals an exported file; main refuses anything outside the folders Fieldwork exported to. */
  'app.showInFolder': channel(z.object({ path: z.string().min(1).max(4096) })).returns<void>(),
  /** A view that failed to render, for main's log (bounded: the page is not trusted to be brief). */
  'app.logRendererError': channel(
    z.object({ view: z.string().max(200), message: z.string().max(2000), stack: z.string().max(8000).optional() }),
  ).returns<void>(),
};

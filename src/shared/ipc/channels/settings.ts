import { z } from 'zod';
import { channel } from '../define';

export const settingsSchema = z.object({
  sync_interval_minutes: z.number().int().min(1, 'At least every minute').max(1440, 'At most once a day').default(15),
  video_quota_mb: z.number().int().min(100, 'At least 100 MB').max(1_000_000).default(2048),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  notifications: z.boolean().default(true),
  webhook_enabled: z.boolean().default(false),
  webhook_port: z.number().int().min(1024, 'Use a port from 1024 up').max(65535).default(8787),
});
export type Settings = z.output<typeof settingsSchema>;

/** What the renderer sees: the settings, plus whether a webhook secret is stored (never the secret). */
export type SettingsView = Settings & { webhook_secret_set: boolean; webhook_listening_port: number | null };

export const settingsChannels = {
  'settings.get': channel(z.undefined()).returns<SettingsView>(),
  'settings.set': channel(
    settingsSchema.partial().extend({ webhook_secret: z.string().trim().max(200).optional() }),
  ).returns<SettingsView>(),
};

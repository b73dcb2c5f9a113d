import { z } from 'zod';
import { webhookSecretProblem } from '../../webhook-secret';
import { channel } from '../define';

/** The fields without defaults: a patch must name only what it changes (zod 4's partial() keeps defaults). */
const fields = {
  sync_interval_minutes: z.number().int('Use whole minutes').min(1, 'At least every minute').max(1440, 'At most once a day (1440 minutes)'),
  video_quota_mb: z.number().int('Use whole megabytes').min(100, 'At least 100 MB').max(1_000_000, 'At most 1,000,000 MB'),
  theme: z.enum(['system', 'light', 'dark']),
  notifications: z.boolean(),
  webhook_enabled: z.boolean(),
  webhook_port: z.number().int('Use a whole number').min(1024, 'Use a port from 1024 up').max(65535, 'Use a port up to 65535'),
  /** The name the researcher's own codings carry (agreement, exports); '' shows as "You". */
  researcher_name: z.string().trim().max(80, 'At most 80 characters'),
};
/** Each field's schema, so forms validate with the very rules main applies. */
export const settingsFields = fields;

export const SETTINGS_DEFAULTS = {
  sync_interval_minutes: 15,
  video_quota_mb: 2048,
  theme: 'system',
  notifications: true,
  webhook_enabled: false,
  webhook_port: 8787,
  researcher_name: '',
} as const;

export const settingsSchema = z.object({
  sync_interval_minutes: fields.sync_interval_minutes.default(SETTINGS_DEFAULTS.sync_interval_minutes),
  video_quota_mb: fields.video_quota_mb.default(SETTINGS_DEFAULTS.video_quota_mb),
  theme: fields.theme.default(SETTINGS_DEFAULTS.theme),
  notifications: fields.notifications.default(SETTINGS_DEFAULTS.notifications),
  webhook_enabled: fields.webhook_enabled.default(SETTINGS_DEFAULTS.webhook_enabled),
  webhook_port: fields.webhook_port.default(SETTINGS_DEFAULTS.webhook_port),
  researcher_name: fields.researcher_name.default(SETTINGS_DEFAULTS.researcher_name),
});
export type Settings = z.output<typeof settingsSchema>;

/** `webhook_secret`: '' clears it; anything else must be a strong Standard Webhooks secret. */
export const settingsPatch = z
  .object(fields)
  .partial()
  .extend({
    webhook_secret: z
      .string()
      .trim()
      .max(200)
      .superRefine((v, ctx) => {
        const problem = v === '' ? null : webhookSecretProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  });

/** What the renderer sees: the settings, plus whether a webhook secret is stored (never the secret). */
export type SettingsView = Settings & { webhook_secret_set: boolean; webhook_listening_port: number | null };

export const settingsChannels = {
  'settings.get': channel(z.undefined()).returns<SettingsView>(),
  'settings.set': channel(settingsPatch).returns<SettingsView>(),
};

import { z } from 'zod';

export const SNIPPET_KEYS = ['iframe', 'widget_inline', 'widget_overlay_center', 'widget_overlay_dock_right', 'mobile_webview', 'mobile_modal'] as const;
export type SnippetKey = (typeof SNIPPET_KEYS)[number];

export const embedInfo = z.object({
  embed_url: z.string().min(1),
  interview_id: z.string().min(1),
  project_id: z.string().min(1),
  snippets: z.object({
    iframe: z.string(),
    widget_inline: z.string(),
    widget_overlay_center: z.string(),
    widget_overlay_dock_right: z.string(),
    mobile_webview: z.string(),
    mobile_modal: z.string(),
  }),
});
export type EmbedInfo = z.output<typeof embedInfo>;

export const allowList = z.object({
  project_id: z.string().min(1),
  allowed_urls: z.array(z.string()),
});
export type AllowList = z.output<typeof allowList>;

export const allowListRequest = z.object({ allowed_urls: z.array(z.string()) });
export type AllowListRequest = z.input<typeof allowListRequest>;

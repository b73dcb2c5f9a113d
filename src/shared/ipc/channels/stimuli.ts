import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type UploadView = { stimulus_id: string; content_type: string; bytes: number; assigned: string[] };
/**
 * A stimulus as the renderer shows it. `media_url` is main's own media route (fieldwork-media: in
 * Electron, a same-origin path in the test host), never the service's URL: the renderer's CSP allows
 * no remote media, and main fetches, checks and caches the file.
 */
export type StimulusView = {
  stimuli_id: string;
  display_order: number;
  kind: 'image' | 'video' | null;
  media_url: string | null;
  /** The file is saved on this computer (fetched once already), so it shows while the service can't be reached. */
  media_saved: boolean;
  caption: string | null;
  question_items: string[];
};

export const stimulusChannels = {
  'stimuli.upload': channel(
    z.object({
      ...ws,
      project_id: id,
      /** What the preload (or the file dialog) issued for a picked or dropped file: never a path. */
      file_token: z.string().min(1).max(100),
      caption: z.string().max(300).optional(),
      question_items: z.array(z.string().max(500)).max(30).optional(),
      upload_id: z.string().min(1).max(100).optional(),
    }),
  ).returns<UploadView>(),
  'stimuli.cancel': channel(z.object({ upload_id: z.string().min(1).max(100) })).returns<boolean>(),
  'stimuli.list': channel(z.object({ ...ws, project_id: id })).returns<StimulusView[]>(),
  'stimuli.assign': channel(
    z.object({
      ...ws,
      project_id: id,
      stimuli_id: id,
      question_items: z.array(z.string().min(1).max(500)).max(30),
      /** Omit to leave it unchanged; null clears it. */
      caption: z.string().max(300).nullable().optional(),
    }),
  ).returns<StimulusView[]>(),
};

/**
 * REFI-QDA (.qdpx) export: `project.qde` at the root of a zip, transcript texts and cached videos in a
 * lowercase `sources/` folder (ATLAS.ti rejects `Sources/`).
 */
import { readFile } from 'node:fs/promises';
import { zipSync, strToU8, type Zippable } from 'fflate';
import { planProjectQde, type QdpxInput, type QdpxOptions } from './project';

export * from './project';
export { buildTranscriptText, convertTurnText, codePointLength, sliceCodePoints, type QdpxLineEnding, type TranscriptText } from './transcript-text';

export type QdpxResult = { zip: Uint8Array; notes: string[] };

export async function buildQdpx(
  input: QdpxInput,
  options: Partial<QdpxOptions> = {},
  readVideo: (path: string) => Promise<Uint8Array> = (p) => readFile(p),
): Promise<QdpxResult> {
  const plan = planProjectQde(input, options);
  const files: Zippable = { 'project.qde': strToU8(plan.xml) };
  for (const t of plan.texts) files[t.path] = strToU8(t.content);
  // Video is already compressed: stored, not deflated again.
  for (const v of plan.videos) files[v.path] = [await readVideo(v.sourcePath), { level: 0 }];
  return { zip: zipSync(files, { level: 6 }), notes: plan.notes };
}

// The .zip backend waits for its file to drain between chunks: each wait must leave nothing behind on the stream.
// It once raced 'drain' against a fresh once('error') per wait, and those listeners were never removed: a leak
// that grew with the size of the export (Node warned after the eleventh).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ZipBackend } from '../../../../src/main/output/zip-backend';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fw-zip-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function* chunks(n: number, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < n; i++) yield new Uint8Array(size).fill(i % 251);
}

it('waits for drains without piling listeners onto the file stream', async () => {
  const file = join(dir, 'export.zip');
  const zip = await ZipBackend.open({ target: { kind: 'zip', file } });
  const out = (zip as unknown as { out: WriteStream }).out;
  const before = out.listenerCount('error');
  let drains = 0;
  out.on('drain', () => drains++);
  // Stored, in chunks larger than the stream's 16 KB high-water mark: every chunk makes the backend wait.
  await zip.put(['big.bin'], chunks(40, 64 * 1024), false, () => undefined);
  expect(drains).toBeGreaterThanOrEqual(20);
  expect(out.listenerCount('error')).toBe(before);
  expect(out.listenerCount('drain')).toBe(1);
  await zip.finish();
  expect(unzipSync(readFileSync(file))['big.bin']?.length).toBe(40 * 64 * 1024);
});

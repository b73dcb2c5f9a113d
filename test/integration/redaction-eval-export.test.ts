// Issue 21, "done when": the labelled evaluation set (test/fixtures/redaction-eval) exported in EVERY format with
// "Redact names and personal data" (every format but the report's, as these studies have none), by the real scan and redactor, every zip, .docx and .qdpx unpacked. Every
// labelled name and contact the redaction replaces in the transcripts (what the bench row scores) must appear in
// no byte and no file name of any artefact: no format may leak what the transcript hides. The ones it misses in
// the transcripts are the bench row's misses, listed by it; they are counted here so the check cannot pass empty.
// The same export without redaction holds them (so the check can fail).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheExportSource } from '../../src/main/exports/cache-source';
import { runExport, type ExportRequest } from '../../src/main/exports/run-export';
import { buildRedactor } from '../../src/main/redaction/build-redactor';
import { ScanMemo } from '../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../src/main/secrets/memory-store';
import { EXPORT_FORMATS, REPORT_EXPORT_FORMATS } from '../../src/shared/exports';
import { everyFile } from '../support/every-file';
import { seedEvalStudy } from '../support/redaction-eval';
import { loadEvalSet } from '../support/redaction-eval-set';

const tmp = mkdtempSync(join(tmpdir(), 'fw-eval-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const request = (folder: string, extra: Partial<ExportRequest> = {}): ExportRequest => (
  mkdirSync(folder, { recursive: true }),
  {
    // The labelled studies have no report: its four formats are checked on a study with one (redacted-exports.test.ts).
    formats: EXPORT_FORMATS.filter((f) => !REPORT_EXPORT_FORMATS.includes(f)),
    interviewIds: null,
    target: { kind: 'folder', folder },
    includeParticipant: true,
    lineEnding: 'lf',
    speakerLabels: 'name',
    bom: false,
    printPdf: async (html) => strToU8(html),
    user: { id: 'w', name: 'Sam Reviewer' },
    ...extra,
  }
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a value stands as written, whole (not inside a longer word): case kept, so "Will" is not "will". */
const wholeValue = (v: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(v)}(?![\\p{L}\\p{N}_])`, 'u');

/** Parts of a .docx that are the template, the same in every document ("Times New Roman" is not Roman the person). */
const TEMPLATE_PART = /\.docx!\/word\/(?:theme\/|fontTable|styles|settings|webSettings|numbering)/;

describe('the labelled set exported in every format', () => {
  // Studies of negatives only (s10) have no value to look for.
  const withValues = loadEvalSet().filter((s) => s.interviews.some((iv) => iv.turns.some((t) => t.spans.length > 0)));
  it.each(withValues.map((s) => [s.id, s] as const))('%s: no artefact holds a value the redacted transcripts hide', async (_id, study) => {
    const cache = await seedEvalStudy(study);
    try {
      const redactor = await buildRedactor(cache, createMemoryStore(null), study.id, { memo: new ScanMemo() });
      const source = cacheExportSource(cache, study.id, async () => null);
      const plainDir = join(tmp, study.id, 'plain');
      const redactedDir = join(tmp, study.id, 'redacted');
      await runExport(source, request(plainDir));
      await runExport(source, request(redactedDir, { redactor }));

      // The labelled values the redacted transcripts no longer show anywhere: not where they were labelled, and
      // not as the same string elsewhere ("Sunday" the nephew and "Sunday" the day; "Can" the name and the word).
      const redactedTurns = study.interviews.flatMap((iv) => iv.turns.map((t) => redactor.text(t.text)));
      // A short number ("40", an age said with a birthday) is also in every artefact's times and counts ("00:40"):
      // not a value a search of the files can tell apart, so not checked here (the bench row scores it in the turns).
      const values = new Set(study.interviews.flatMap((iv) => iv.turns.flatMap((t) => t.spans.map((p) => p.text))).filter((v) => !/^\d{1,4}$/.test(v)));
      const hidden = new Set([...values].filter((v) => !redactedTurns.some((out) => wholeValue(v).test(out))));
      expect(hidden.size).toBeGreaterThan(values.size / 2);

      const holds = (files: [string, string][], v: string) =>
        files.filter(([name, text]) => !TEMPLATE_PART.test(name) && (wholeValue(v).test(name) || wholeValue(v).test(text))).map(([n]) => n);
      const plain = everyFile(plainDir);
      const inPlain = [...hidden].filter((v) => holds(plain, v).length > 0);
      // Without redaction the artefacts say them (participants' own names live in the record, not every file).
      expect(inPlain.length / hidden.size).toBeGreaterThan(0.9);

      const redacted = everyFile(redactedDir);
      expect(redacted.length).toBeGreaterThan(study.interviews.length * 8);
      const leaks = [...hidden].flatMap((v) => holds(redacted, v).map((file) => `${v} in ${file}`));
      expect(leaks).toEqual([]);
    } finally {
      await cache.close();
    }
  });
});

// "Opens cleanly in Word and LibreOffice": the exported DOCX files are opened by a real LibreOffice
// (headless, converted to plain text) and what it reads must be every paragraph the export wrote.
// Word is not available on Linux; LibreOffice's importer is the independent reader here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReportDocx } from '../../src/main/exports/report';
import { TRANSCRIPT_BINARY_FORMATS } from '../../src/main/exports/transcript';
import type { InterviewDetail } from '../../src/shared/views';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p)) ?? null;
const skip = SOFFICE ? null : 'skipped: no LibreOffice (apt-get install libreoffice-writer-nogui)';
if (skip) console.warn(`DOCX in LibreOffice ${skip}`);

const dir = mkdtempSync(join(tmpdir(), 'fw-docx-lo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** LibreOffice opens each file and writes what it read as UTF-8 text; one process for all of them. */
function readWithLibreOffice(files: Record<string, Uint8Array>): Record<string, string> {
  const paths = Object.entries(files).map(([name, bytes]) => {
    const p = join(dir, `${name}.docx`);
    writeFileSync(p, bytes);
    return p;
  });
  const r = spawnSync(
    SOFFICE!,
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--convert-to',
      'txt:Text (encoded):UTF8',
      '--outdir',
      join(dir, 'out'),
      ...paths,
    ],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return Object.fromEntries(Object.keys(files).map((name) => [name, readFileSync(join(dir, 'out', `${name}.txt`), 'utf8').replace(/^\uFEFF/, '')]));
}

const HOSTILE = 'Ana <b>&amp;</b> "Lee" ]]> \u200Fعلي 👩🏽‍🔬';
const interview: InterviewDetail = {
  id: 'iv_lo_1',
  project_id: 'prj_lo',
  code: 'P01',
  status: 'COMPLETE',
  completed_at: '2026-11-20T10:15:00Z',
  duration_minutes: 3,
  participant_name: HOSTILE,
  participant_email: 'ana@example.org',
  screener_approved: true,
  detail_state: 'complete',
  turn_count: 4,
  has_video: false,
  participant: { name: HOSTILE, email: 'ana@example.org', fields: { city: 'Zürich' } },
  screener: { approved: true, items: [{ id: 'q1', text: 'Do you cook?', answer: 'Yes & no' }] },
  transcript: [
    { index: 0, role: 'AI', text: 'Hi! What made you cancel?', start_ms: 0, end_ms: 4000 },
    { index: 1, role: 'User', text: 'The recipes got <b>repetitive</b> & dull -->\nafter a month.', start_ms: 4500, end_ms: 9000 },
    { index: 2, role: 'AI', text: 'Which ones \u0001do you remember?', start_ms: 9500, end_ms: 12_000 },
    { index: 3, role: 'User', text: 'Mostly pasta 🍝, honestly. \u202Bמתכונים\u202C', start_ms: 3_725_000, end_ms: null },
  ],
  thumbnail_url: null,
  offline: false,
};

describe.skipIf(skip !== null)('DOCX exports open in LibreOffice', () => {
  it('a transcript (with participant data and hostile text) and a report read back paragraph by paragraph', async () => {
    const transcript = await TRANSCRIPT_BINARY_FORMATS.docx.render(
      { project: { id: 'prj_lo', title: 'Meal-kit <churn>' }, interview },
      { includeParticipant: true, speakerLabels: 'name' },
    );
    const report = await renderReportDocx({
      project: { id: 'prj_lo', title: 'Meal-kit <churn>' },
      report: {
        report_id: 'r1',
        status: 'COMPLETED',
        summary: 'Price & value led; "delivery" second.',
        interviews_analysed: 24,
        generated_at: '2026-11-21T09:00:00Z',
        themes: [
          { title: 'Price vs value', summary: 'Too dear.', frequency: 0.83, quotes: ['It was too expensive', 'Not worth <it>'] },
          { title: 'Delivery timing', summary: '', frequency: 0.5, quotes: [] },
        ],
      },
      locations: [[{ interview: 'Interview 003', start_ms: 65_000 }, null], []],
    } as Parameters<typeof renderReportDocx>[0]);
    const text = readWithLibreOffice({ transcript, report });
    const lines = (s: string) =>
      s
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);

    const t = lines(text.transcript!);
    expect(t[0]).toBe('Meal-kit <churn>: interview iv_lo_1');
    expect(t).toContain('Transcript');
    expect(t).toContain('Do you cook?: Yes & no');
    expect(t.some((l) => l.startsWith('Participant: Ana <b>&amp;</b> "Lee" ]]>'))).toBe(true);
    // Every turn, in order, with its timestamp and speaker; the control character is gone, the rest intact.
    const turns = t.filter((l) => /^\[\d{2}:\d{2}:\d{2}\]/.test(l));
    expect(turns).toHaveLength(4);
    expect(turns[0]).toBe('[00:00:00] Interviewer: Hi! What made you cancel?');
    expect(turns[1]).toMatch(/^\[00:00:04\] Ana <b>&amp;<\/b> "Lee" \]\]> .*👩🏽‍🔬: The recipes got <b>repetitive<\/b> & dull -->/);
    expect(t).toContain('after a month.');
    expect(turns[2]).toBe('[00:00:09] Interviewer: Which ones do you remember?');
    expect(turns[3]).toContain('[01:02:05]');
    expect(turns[3]).toContain('Mostly pasta 🍝, honestly.');

    const r = lines(text.report!);
    for (const s of ['Summary', 'Price & value led; "delivery" second.', 'Price vs value', 'Too dear.', 'Delivery timing', 'Not worth <it>'])
      expect(
        r.some((l) => l.includes(s)),
        s,
      ).toBe(true);
    expect(r.join('\n')).toMatch(/Interview 003, 00:01:05/);
    // Themes by frequency: the 83 % theme first.
    expect(r.findIndex((l) => l.includes('Price vs value'))).toBeLessThan(r.findIndex((l) => l.includes('Delivery timing')));
  }, 150_000);
});

// runExport to a folder: every interview's files land, and when a write fails or the researcher cancels
// while earlier files are still waiting for the sink, the export reports the real cause and leaves nothing.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExport, type ExportRequest, type ExportSource } from '../../../../src/main/exports/run-export';
import type { InterviewDetail, ProjectDetail } from '../../../../src/shared/views';

let out: string;
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'fw-run-export-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

function interview(n: number): InterviewDetail {
  return {
    id: `iv${String(n).padStart(6, '0')}-x`,
    project_id: 'prj',
    code: `P${String(n).padStart(2, '0')}`,
    status: 'COMPLETED',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 3,
    participant_name: null,
    participant_email: null,
    screener_approved: null,
    detail_state: 'complete',
    turn_count: 2,
    has_video: false,
    participant: null,
    screener: null,
    transcript: [
      { index: 0, role: 'AI', text: `Question for interview ${n}?`, start_ms: 0, end_ms: 2000 },
      { index: 1, role: 'User', text: `Answer number ${n}.`, start_ms: 2500, end_ms: null },
    ],
    thumbnail_url: null,
    offline: false,
  };
}

const INTERVIEWS = Array.from({ length: 30 }, (_, i) => interview(i + 1));

function source(): ExportSource {
  const project = { id: 'prj', title: 'Study', report: null } as unknown as ProjectDetail;
  return {
    project: async () => project,
    interviews: async () => INTERVIEWS,
    highlights: async () => [],
    videoFile: async () => null,
    locateQuote: async () => null,
  };
}

const request = (extra: Partial<ExportRequest> = {}): ExportRequest => ({
  formats: ['srt', 'docx'],
  interviewIds: null,
  target: { kind: 'folder', folder: out },
  includeParticipant: false,
  lineEnding: 'lf',
  user: { id: 'u', name: 'U' },
  ...extra,
});

const tree = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split('\\').join('/')).sort();

describe('runExport to a folder', () => {
  it('writes a DOCX and an SRT per interview, each with its own transcript', async () => {
    const { result } = await runExport(source(), request());
    expect(result.files).toHaveLength(60);
    expect(tree(join(out, 'Study', 'docx'))).toHaveLength(30);
    expect(tree(join(out, 'Study', 'srt'))).toHaveLength(30);
    for (const [n, iv] of INTERVIEWS.entries()) {
      // Named by the interview's participant code alone: unique in the study.
      const base = iv.code;
      expect(base).toBe(`P${String(n + 1).padStart(2, '0')}`);
      expect(readFileSync(join(out, 'Study', 'srt', `${base}.srt`), 'utf8')).toContain(`Answer number ${n + 1}.`);
      const doc = strFromU8(unzipSync(readFileSync(join(out, 'Study', 'docx', `${base}.docx`)))['word/document.xml']!);
      expect(doc).toContain(`Answer number ${n + 1}.`);
      expect(doc).toContain(`interview ${iv.id}`);
    }
  });

  it('a failing write undoes the export and reports its own cause, not a later "closed"', async () => {
    mkdirSync(join(out, 'Study'));
    writeFileSync(join(out, 'Study', 'docx'), 'a file where the docx folder would go');
    await expect(runExport(source(), request())).rejects.toMatchObject({ code: 'export_unsafe_path' });
    expect(tree(out)).toEqual(['Study', 'Study/docx']);
  });

  // 11: files still wait for the sink when the signal fires; 60: the last file is written and only
  // finishing is left, which then meets a sink already closed by the cancel.
  it.each([11, 60])('cancelling after %i files says cancelled and leaves nothing behind', async (after) => {
    const controller = new AbortController();
    const request_ = request({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.filesDone === after && p.current === null) controller.abort();
      },
    });
    await expect(runExport(source(), request_)).rejects.toMatchObject({ code: 'export_cancelled' });
    expect(tree(out)).toEqual([]);
  });
});

describe('the export summary', () => {
  it('says which interviews went into which files: transcripts of all of them, the .qdpx of the complete ones, naming those left out', async () => {
    const mixed = [1, 2, 3, 4].map((n) => ({ ...interview(n), status: n <= 2 ? 'COMPLETE' : n === 3 ? 'INCOMPLETE' : 'STARTED' })) as InterviewDetail[];
    const { notes } = await runExport({ ...source(), interviews: async () => mixed }, request({ formats: ['txt', 'md', 'qdpx'] }));
    expect(notes).toEqual([
      'Transcripts of 4 interviews (2 complete, 1 started, not finished and 1 incomplete), one file per interview in txt/ and md/.',
      'The .qdpx project holds the 2 complete interviews; these 2 are not complete and left out of it: P03 (incomplete) and P04 (started, not finished).',
    ]);
    expect(notes.join(' ')).not.toMatch(/\(s\)/);
  });

  it('one interview is one, not "interview(s)"', async () => {
    const one = [{ ...interview(1), status: 'COMPLETE' }] as InterviewDetail[];
    const { notes } = await runExport({ ...source(), interviews: async () => one }, request({ formats: ['srt', 'screener-csv'], includeParticipant: true }));
    expect(notes).toEqual([
      'Transcripts of 1 interview (1 complete), one file per interview in srt/.',
      'screener-answers.csv: one row per interview, 1 interview (1 complete).',
    ]);
  });
});

/**
 * `fieldwork import qdpx`, run as a child process like the other CLI tests, against a synced sandbox study:
 * a round trip (coder A's segment exported by `fieldwork export --format qdpx`, imported back as coder B,
 * lands on the same words), a MAXQDA-style file matched by the transcript's words, a second import that
 * adds nothing, and hostile or misdirected files that end with a clear error and the right exit code.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QdpxImportReport } from '../../src/shared/ipc/channels/imports';
import { cliJson, useCli } from '../support/cli';
import { cp, zip } from '../support/qdpx-fixtures';

const fw = useCli({ dirPrefix: 'fw-cli-qdpx-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;
const FIXTURES = resolve(__dirname, '../fixtures/qdpx');

function findFile(dir: string, ext: string): string | null {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      const f = findFile(p, ext);
      if (f) return f;
    } else if (name.endsWith(ext)) return p;
  }
  return null;
}

describe('fieldwork import qdpx', () => {
  let project: string;
  let interview: string;
  let turn: number;
  let words: string;

  it('round trip: coder A’s segment, exported as .qdpx and imported as coder B, lands on the same words', async () => {
    const { org, project: id } = await fw.study({ title: 'Coded study', target: 10, completed: 3, workspace: 'Coding' });
    project = id;
    expect((await cli(['sync', '--workspace', 'coding'], { key: org.apiKey })).code).toBe(0);
    await fw.stopSandbox();

    const cache = await fw.workspaceCache();
    try {
      interview = (await cache.call('interviews.ids', { projectId: project }))[0]!;
      const iv = (await cache.call('interviews.get', { id: interview }))!;
      const answer = iv.transcript.find((t) => t.role === 'User' && t.text.split(' ').length > 4)!;
      turn = answer.index;
      words = answer.text.split(' ').slice(1, 4).join(' ');
      const at = answer.text.indexOf(words);
      await cache.call('highlights.add', {
        highlight: {
          project_id: project,
          interview_id: interview,
          start_turn: turn,
          start_offset: at,
          end_turn: turn,
          end_offset: at + words.length,
          start_ms: answer.start_ms,
          quote: words,
          note: '',
          new_codes: ['Pricing'],
          coder: 'Alice',
        },
        now: '2026-11-26T08:00:00.000Z',
      });
    } finally {
      await cache.close();
    }

    const out = join(fw.tmp, 'export');
    const exported = await cli(['export', '--workspace', 'Coding', '--project', project, '--format', 'qdpx', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const file = findFile(out, '.qdpx')!;
    expect(file).toBeTruthy();

    const run = await cli(['import', 'qdpx', '--workspace', 'Coding', '--project', project, '--coder', 'Bob', file, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = cliJson<QdpxImportReport>(run);
    expect(Object.keys(report)).toEqual(['file_kind', 'coder', 'origin', 'sources', 'codings', 'codes', 'notes']);
    expect(report).toMatchObject({
      file_kind: 'project',
      coder: 'Bob',
      origin: 'Fieldwork',
      codes: { merged: expect.arrayContaining(['Pricing']) as string[] },
    });
    expect(report.sources.every((s) => s.matched_by === 'guid')).toBe(true);
    expect(report.sources.find((s) => s.interview_id === interview)).toMatchObject({ imported: expect.any(Number) as number, unmatched: [] });
    expect(report.codings.imported).toBeGreaterThan(0);

    const check = await fw.workspaceCache();
    try {
      // Bob's codings of the Pricing code (the export's report quotes come in as Bob's too).
      const bob = (await check.call('highlights.list', { projectId: project, coder: 'Bob' })).filter((h) => h.codes.some((c) => c.name === 'Pricing'));
      expect(bob.map((h) => [h.interview_id, h.start_turn, h.end_turn, h.quote, h.codes.map((c) => c.name)])).toEqual([
        [interview, turn, turn, words, ['Pricing']],
      ]);
      const alice = await check.call('highlights.list', { projectId: project, coder: 'Alice' });
      expect([bob[0]!.start_offset, bob[0]!.end_offset]).toEqual([alice[0]!.start_offset, alice[0]!.end_offset]);
    } finally {
      await check.close();
    }

    // Again: nothing new.
    const again = cliJson<QdpxImportReport>(await cli(['import', 'qdpx', '--workspace', 'Coding', '--project', project, '--coder', 'Bob', file, '--json']));
    expect(again.codings.already_there).toBe(report.codings.imported - report.codings.duplicates);
    expect(again.codes.created).toEqual([]);
  });

  it('a MAXQDA-style file (Sources/, relative path, its own layout) is matched by the words, and the human output says so', async () => {
    const cache = await fw.workspaceCache();
    const iv = (await cache.call('interviews.get', { id: interview }))!;
    await cache.close();
    const text = iv.transcript.map((t) => `${t.role === 'AI' ? 'I' : 'B'}: ${t.text}`).join('\r\n');
    const at = text.indexOf(words);
    const start = cp(text.slice(0, at));
    const qde = `<?xml version="1.0" encoding="utf-8"?>
<Project xmlns="urn:QDA-XML:project:1.0" name="M" origin="MAXQDA 2024"><CodeBook><Codes>
<Code guid="00000000-0000-4000-8000-000000000001" name="pricing" isCodable="true" color="#112233"/>
<Code guid="00000000-0000-4000-8000-000000000002" name="Delight" isCodable="true" color="#445566"/></Codes></CodeBook>
<Sources><TextSource guid="00000000-0000-4000-8000-000000000010" name="Interview 1" plainTextPath="iv1.txt">
<PlainTextSelection guid="00000000-0000-4000-8000-000000000020" startPosition="${start}" endPosition="${start + cp(words)}">
<Coding guid="00000000-0000-4000-8000-000000000030"><CodeRef targetGUID="00000000-0000-4000-8000-000000000002"/></Coding></PlainTextSelection>
</TextSource></Sources></Project>`;
    const file = join(fw.tmp, 'maxqda.qdpx');
    writeFileSync(file, zip({ 'project.qde': qde, 'Sources/iv1.txt': text }));
    const run = await cli(['import', 'qdpx', '--workspace', 'Coding', '--project', project, '--coder', 'Cy', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Sources: 1 of 1 matched an interview.');
    expect(run.stdout).toContain(`Interview 1: → ${interview}`);
    expect(run.stdout).toMatch(/by text; 1 of 1 coding imported/);
    expect(run.stdout).toMatch(/Codes: 1 created, 1 merged/);
    const check = await fw.workspaceCache();
    try {
      expect((await check.call('highlights.list', { projectId: project, coder: 'Cy' })).map((h) => [h.quote, h.codes.map((c) => c.name)])).toEqual([
        [words, ['Delight']],
      ]);
    } finally {
      await check.close();
    }
  });

  it('hostile and misdirected files end with a clear error, no stack, and the right exit code', async () => {
    const doctype = await cli([
      'import',
      'qdpx',
      '--workspace',
      'Coding',
      '--project',
      project,
      '--coder',
      'Z',
      join(FIXTURES, 'hostile-doctype.qdpx'),
      '--json',
    ]);
    expect(doctype.code).toBe(1);
    expect(cliJson<{ error: { code: string; message: string } }>(doctype).error).toMatchObject({
      code: 'qdpx_doctype',
      message: expect.stringMatching(/DOCTYPE/) as string,
    });
    const slip = await cli(['import', 'qdpx', '--workspace', 'Coding', '--project', project, '--coder', 'Z', join(FIXTURES, 'hostile-zip-slip.qdpx')]);
    expect(slip.code).toBe(1);
    expect(slip.stderr).toMatch(/points outside the archive/);
    expect(`${slip.stderr}${doctype.stderr}`).not.toMatch(/\n\s+at /);
    const unknown = await cli([
      'import',
      'qdpx',
      '--workspace',
      'Coding',
      '--project',
      '99999999-9999-4999-8999-999999999999',
      '--coder',
      'Z',
      join(FIXTURES, 'codebook.qdc'),
    ]);
    expect(unknown.code).toBe(2);
    const noCoder = await cli(['import', 'qdpx', '--workspace', 'Coding', '--project', project, join(FIXTURES, 'codebook.qdc')]);
    expect(noCoder.code).toBe(2);
  });
});

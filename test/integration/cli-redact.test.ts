/**
 * `fieldwork redact scan`, run as a child process as cli.test.ts runs the command line (FIELDWORK_HOME in a temp
 * dir, no keychain reachable). A study with complete and incomplete interviews is synced; then, with the
 * service gone, the scan's JSON covers every participant of the study whatever their interview's status, each
 * with their pseudonym, and every finding is where it says: its text in that interview's turn or field.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-redact-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;

type Finding = {
  interview_id: string | null;
  kind: string;
  text: string;
  start_ms: number | null;
  suggested: string;
  confidence: 'sure' | 'possible';
  reason: string | null;
};

describe('fieldwork redact scan', () => {
  it('lists every participant’s personal data, offline, with consistent pseudonyms, as the documented JSON', async () => {
    const { org, project } = await fw.study({ title: 'Redact study', target: 20, completed: 4, workspace: 'Redact' });
    await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: 0, incomplete: 2 });
    expect((await cli(['sync', '--workspace', 'redact'], { key: org.apiKey })).code).toBe(0);
    await fw.stopSandbox();

    // Read straight from the cache file, independently of the scan.
    const [wsId] = readdirSync(join(fw.home, 'workspaces'));
    const db = new Database(join(fw.home, 'workspaces', wsId!, 'cache.db'), { readonly: true });
    type Row = { id: string; status: string; participant_name: string | null; participant_email: string | null; n: number };
    const interviews = db
      .prepare(
        `SELECT id, status, participant_name, participant_email, c.n FROM interviews i JOIN participant_codes c ON c.interview_id = i.id
         WHERE i.project_id = ? ORDER BY completed_at IS NULL, completed_at, id`,
      )
      .all(project) as Row[];
    // The sync gave every interview its participant code in order of completion.
    expect(interviews.map((i) => i.n)).toEqual(interviews.map((_, i) => i + 1));
    const turns = db
      .prepare('SELECT t.interview_id, t.text, t.start_ms FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id WHERE i.project_id = ?')
      .all(project) as { interview_id: string; text: string; start_ms: number }[];
    db.close();
    expect(interviews.length).toBe(6);
    expect(new Set(interviews.map((i) => i.status)).size).toBeGreaterThan(1);

    const [asJson, human] = await Promise.all([
      cli(['redact', 'scan', '--workspace', 'Redact', '--project', project, '--json']),
      cli(['redact', 'scan', '--workspace', 'Redact', '--project', project]),
    ]);
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(human.code, human.stderr).toBe(0);
    const findings = cliJson<Finding[]>(asJson);
    for (const f of findings) expect(Object.keys(f)).toEqual(['interview_id', 'kind', 'text', 'start_ms', 'suggested', 'confidence', 'reason']);
    // What the scan is unsure of says why, and the human output lists it apart.
    for (const f of findings) expect([f.confidence, typeof f.reason]).toEqual(f.confidence === 'possible' ? ['possible', 'string'] : ['sure', 'object']);
    expect(human.stdout.includes('\nPossible (')).toBe(findings.some((f) => f.confidence === 'possible'));

    // Every participant, whatever their interview's status, by name and email, as their participant code "P01".
    interviews.forEach((iv) => {
      const pseudonym = `P${String(iv.n).padStart(2, '0')}`;
      for (const value of [iv.participant_name, iv.participant_email].filter((v): v is string => !!v)) {
        expect(findings, `${iv.status} interview ${iv.id}: ${value}`).toContainEqual({
          interview_id: iv.id,
          kind: 'participant',
          text: value,
          start_ms: null,
          suggested: pseudonym,
          confidence: 'sure',
          reason: null,
        });
      }
    });
    expect(interviews.some((iv) => iv.participant_name)).toBe(true);

    // Each finding in a turn is in that interview's turn at that time; one value has one pseudonym throughout.
    const byValue = new Map<string, Set<string>>();
    for (const f of findings) {
      if (f.interview_id && f.start_ms !== null) {
        expect(
          turns.some((t) => t.interview_id === f.interview_id && t.start_ms === f.start_ms && t.text.includes(f.text)),
          JSON.stringify(f),
        ).toBe(true);
      }
      const key = `${f.kind}:${f.text.toLowerCase()}`;
      byValue.set(key, (byValue.get(key) ?? new Set()).add(f.suggested));
    }
    for (const [key, pseudonyms] of byValue) if (!key.startsWith('participant:')) expect([key, pseudonyms.size]).toEqual([key, 1]);
    expect(human.stdout).toMatch(/^Found \d+ items? of personal data \(\d+ distinct values?\) in 6 interviews\./);
    expect(human.stdout).toContain('participant details:');

    const unknown = await cli(['redact', 'scan', '--workspace', 'Redact', '--project', 'no-such-study']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No project no-such-study/);
  });

  it('export --redact with the study’s real redactions: no participant name or email in any byte of any format, zips unpacked', async () => {
    const [wsId] = readdirSync(join(fw.home, 'workspaces'));
    const db = new Database(join(fw.home, 'workspaces', wsId!, 'cache.db'), { readonly: true });
    const people = db.prepare('SELECT participant_name AS name, participant_email AS email FROM interviews').all() as {
      name: string | null;
      email: string | null;
    }[];
    const project = db.prepare('SELECT id FROM projects').pluck().get() as string;
    db.close();
    const secrets = people.flatMap((p) => [...(p.name ?? '').split(/\s+/).filter((w) => w.length >= 3), ...(p.email ? [p.email] : [])]);
    expect(secrets.length).toBeGreaterThan(0);
    const formats = 'txt,md,docx,srt,vtt,csv,json,qdpx,screener-csv,participants-csv';
    const base = ['export', '--workspace', 'Redact', '--project', project, '--format', formats, '--include-participant', '--labels', 'name'];
    const plain = await cli([...base, '--out', join(fw.tmp, 'plain')]);
    const redacted = await cli([...base, '--redact', '--json', '--out', join(fw.tmp, 'redacted')]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(redacted.code, redacted.stderr).toBe(0);
    expect(cliJson<{ redacted: boolean }>(redacted).redacted).toBe(true);
    // The summary counts the terms: replaced, kept by choice (none here), possible never decided.
    expect(cliJson<{ notes: string[] }>(redacted).notes).toContainEqual(
      expect.stringMatching(/^Of \d+ terms? found, \d+ replaced, 0 kept as written by your choice, and /),
    );

    // Every file's bytes and name, with every zip (.docx, .qdpx) unpacked, as text.
    const texts = (dir: string): string[] => {
      const out: string[] = [];
      const walk = (d: string) => {
        for (const name of readdirSync(d)) {
          const p = join(d, name);
          if (statSync(p).isDirectory()) walk(p);
          else {
            out.push(p);
            const bytes = readFileSync(p);
            if (/\.(docx|qdpx)$/.test(name)) for (const [entry, data] of Object.entries(unzipSync(bytes))) out.push(entry, Buffer.from(data).toString('utf8'));
            else out.push(bytes.toString('utf8'));
          }
        }
      };
      walk(dir);
      return out;
    };
    const found = (dir: string) => {
      const all = texts(dir).join('\n');
      return secrets.filter((v) => new RegExp(`\\b${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(all));
    };
    // The search can fail: unredacted, the names are there.
    expect(found(join(fw.tmp, 'plain')).length).toBeGreaterThan(0);
    expect(found(join(fw.tmp, 'redacted'))).toEqual([]);
    expect(texts(join(fw.tmp, 'redacted')).join('\n')).toMatch(/\bP01\b/);
  });

  it('redact reviewed, mark-reviewed and clear-reviewed: the Reviewed marks per interview, by ID or participant code, as documented JSON', async () => {
    const db = new Database(join(fw.home, 'workspaces', readdirSync(join(fw.home, 'workspaces'))[0]!, 'cache.db'), { readonly: true });
    const project = db.prepare('SELECT id FROM projects').pluck().get() as string;
    const codes = db.prepare('SELECT interview_id, n FROM participant_codes ORDER BY n').all() as { interview_id: string; n: number }[];
    db.close();
    const base = ['--workspace', 'Redact', '--project', project];
    type Row = {
      interview_id: string;
      code: string;
      replaced: number;
      possible_undecided: number;
      kept: number;
      reviewed_at: string | null;
      changed_since_review: boolean;
    };
    const list = async () => {
      const r = await cli(['redact', 'reviewed', ...base, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return cliJson<Row[]>(r);
    };

    const before = await list();
    expect(before.map((r) => [r.interview_id, r.code])).toEqual(codes.map((c) => [c.interview_id, `P${String(c.n).padStart(2, '0')}`]));
    for (const r of before) {
      expect(Object.keys(r)).toEqual(['interview_id', 'code', 'replaced', 'possible_undecided', 'kept', 'reviewed_at', 'changed_since_review']);
      expect([r.reviewed_at, r.changed_since_review]).toEqual([null, false]);
    }
    // Every participant's own name is found, so each interview has places an export replaces.
    expect(before.every((r) => r.replaced > 0)).toBe(true);

    // By participant code, any case; then by interview ID.
    const byCode = await cli(['redact', 'mark-reviewed', ...base, '--interview', 'p02', '--json']);
    expect(byCode.code, byCode.stderr).toBe(0);
    const marked = cliJson<Row>(byCode);
    expect(marked).toMatchObject({ interview_id: codes[1]!.interview_id, code: 'P02', changed_since_review: false });
    expect(Date.parse(marked.reviewed_at!)).not.toBeNaN();
    const byId = await cli(['redact', 'mark-reviewed', ...base, '--interview', codes[3]!.interview_id]);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toContain('P04');
    expect(byId.stdout).toContain('marked reviewed');

    const after = await list();
    expect(after.filter((r) => r.reviewed_at !== null).map((r) => r.code)).toEqual(['P02', 'P04']);
    const human = await cli(['redact', 'reviewed', ...base]);
    expect(human.stdout).toMatch(/2 of 6 interviews marked reviewed/);
    expect(human.stdout).toMatch(/P01 .* not reviewed/);

    const cleared = await cli(['redact', 'clear-reviewed', ...base, '--interview', 'P02', '--json']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cliJson<Row>(cleared)).toMatchObject({ code: 'P02', reviewed_at: null });
    expect((await list()).filter((r) => r.reviewed_at !== null).map((r) => r.code)).toEqual(['P04']);

    // An unknown interview or project says so (exit 2), and what was typed is printed without its control characters.
    const unknown = await cli(['redact', 'mark-reviewed', ...base, '--interview', 'P99\u001b[31m']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No interview "P99" in project/);
    expect(unknown.stderr).not.toContain('\u001b');
    const noProject = await cli(['redact', 'reviewed', '--workspace', 'Redact', '--project', 'no-such-study']);
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toMatch(/No project no-such-study/);
    const missing = await cli(['redact', 'clear-reviewed', ...base]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Missing --interview/);
  });
});

// The demo as the app seeds it, read back through the sandbox's API: it should read like a real study.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentences } from '../../../src/sandbox/domain/text';
import { seedDemo, type DemoSeed } from '../../../src/sandbox/seed/demo';
import { demoGuide } from '../../../src/sandbox/seed/demo-scripts';
import { startSandbox, type Sandbox } from '../../../src/sandbox/server';

type Turn = { role: 'AI' | 'User'; text: string };
type Record = { id: string; status: string; participant: { name: string; email: string }; transcript: Turn[] | null; video_url: string | null };
type Report = { status: string; themes: { title: string; frequency: number; quotes: string[] }[] };

let sandbox: Sandbox;
let seed: DemoSeed;
const interviews = new Map<string, Record[]>();

async function get<T>(path: string): Promise<T> {
  const res = await fetch(sandbox.baseUrl + path, { headers: { 'x-api-key': seed.api_key } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
const project = (title: string) => seed.projects.find((p) => p.title === title)!;
const all = () => [...interviews.values()].flat();
const videoKey = (id: string) =>
  (sandbox.context.db.prepare('SELECT video_key FROM interviews WHERE id = ?').get(id) as { video_key: string | null }).video_key;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: null });
  seed = await seedDemo(sandbox.baseUrl, sandbox.context.media);
  for (const p of seed.projects.filter((x) => x.launched)) {
    interviews.set(p.title, (await get<{ items: Record[] }>(`/v1/projects/${p.id}/interviews?transcripts=true&limit=100`)).items);
  }
});
afterAll(() => sandbox.close());

describe('the seeded demo', () => {
  it('has the interviews the sample videos were made for, each study asking the guide its videos ask', () => {
    expect(
      interviews
        .get('Meal-kit churn')!
        .map((i) => i.status)
        .sort(),
    ).toEqual([...Array<string>(24).fill('COMPLETE'), ...Array<string>(3).fill('INCOMPLETE'), ...Array<string>(2).fill('STARTED')]);
    expect(
      interviews
        .get('Packaging concepts')!
        .map((i) => i.status)
        .sort(),
    ).toEqual([...Array<string>(12).fill('COMPLETE'), 'INCOMPLETE']);
    expect(project('Meal-kit churn').questions.map((q) => q.question)).toEqual(demoGuide('churn').map((q) => q.question));
    expect(project('Packaging concepts').questions.map((q) => q.question)).toEqual(demoGuide('packaging').map((q) => q.question));
  });

  it('gives every participant a distinct name and address', () => {
    const names = all().map((i) => i.participant.name);
    expect(names).toHaveLength(29 + 13);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(all().map((i) => i.participant.email)).size).toBe(names.length);
  });

  it("plays every sample video once, in its topic's study, for its own speaker, with its own transcript", () => {
    const media = new Map(sandbox.context.media.videos.map((v) => [`sample:${v.id}`, v]));
    const used: string[] = [];
    for (const [title, list] of interviews) {
      for (const i of list) {
        const key = videoKey(i.id);
        if (i.status === 'STARTED') {
          expect(key, i.participant.name).toBeNull();
          continue;
        }
        expect(key, `${title}: ${i.participant.name}`).not.toBeNull();
        const v = media.get(key!)!;
        used.push(key!);
        expect(v.topic).toBe(title === 'Meal-kit churn' ? 'churn' : 'packaging');
        expect(i.participant.name).toBe(v.participantName);
        expect(v.complete).toBe(i.status === 'COMPLETE');
        expect(i.transcript!.map((t) => t.text)).toEqual(v.turns.map((t) => t.text));
        expect(i.video_url).toMatch(/\/video\?/);
      }
    }
    expect(used.sort()).toEqual([...media.keys()].sort());
  });

  it('repeats no participant sentence across more than three interviews', () => {
    const where = new Map<string, Set<string>>();
    for (const i of all())
      for (const t of i.transcript ?? []) if (t.role === 'User') for (const s of sentences(t.text)) (where.get(s) ?? where.set(s, new Set()).get(s)!).add(i.id);
    expect([...where.entries()].filter(([, ids]) => ids.size > 3).map(([s, ids]) => `${ids.size}× ${s}`)).toEqual([]);
    expect(where.size).toBeGreaterThan(250);
  });

  it("reports the churn study's themes from its transcripts, quoting them word for word", async () => {
    const report = await get<Report>(`/v1/projects/${project('Meal-kit churn').id}/report`);
    expect(report.status).toBe('COMPLETED');
    const titles = report.themes.map((t) => t.title);
    for (const theme of ['Price versus value', 'Delivery timing', 'Packaging waste', 'Recipe fatigue', 'Skipping weeks is hard'])
      expect(titles).toContain(theme);
    const completed = interviews.get('Meal-kit churn')!.filter((i) => i.status === 'COMPLETE');
    const said = completed.map((i) => (i.transcript ?? []).filter((t) => t.role === 'User').map((t) => t.text));
    for (const theme of report.themes) {
      expect(theme.quotes.length, theme.title).toBeGreaterThan(1);
      // Each quote is a participant's sentence, verbatim; quotes differ and come from as many interviews.
      const saidBy = (q: string) => said.flatMap((turns, n) => (turns.some((text) => sentences(text).includes(q)) ? [n] : []));
      for (const q of theme.quotes) expect(saidBy(q), `${theme.title}: ${q}`).not.toEqual([]);
      expect(new Set(theme.quotes).size, theme.title).toBe(theme.quotes.length);
      expect(new Set(theme.quotes.flatMap(saidBy)).size, theme.title).toBeGreaterThanOrEqual(theme.quotes.length);
    }
  });
});

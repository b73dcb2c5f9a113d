import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS } from '../../../src/sandbox/domain/answers/bank/common';
import type { SampleVideo } from '../../../src/sandbox/domain/sample-media';
import { simulateInterviews, videosFor, type Taken } from '../../../src/sandbox/domain/simulate';
import type { Interview } from '../../../src/sandbox/store/interviews';
import type { Project } from '../../../src/sandbox/store/projects';

const CHURN_GUIDE = ['What made you decide to pause or cancel your meal-kit subscription?', 'How did the price feel compared with what you got each week?'];
const PACKAGING_GUIDE = ['Take a look at "Concept A: kraft box". What is your first impression?', 'Which would you pick, and why?'];

function video(id: string, topic: 'churn' | 'packaging', participantName: string, complete = true): SampleVideo {
  const guide = topic === 'churn' ? CHURN_GUIDE : PACKAGING_GUIDE;
  const turns = (complete ? guide : guide.slice(0, 1)).flatMap((q, i) => [
    { role: 'AI' as const, text: q, start: i * 10, end: i * 10 + 3 },
    { role: 'User' as const, text: `${participantName} answers question ${i + 1}.`, start: i * 10 + 4, end: i * 10 + 8 },
  ]);
  return {
    id,
    title: id,
    topic,
    participantName,
    complete,
    path: `/media/${id}.webm`,
    thumbnailPath: `/media/${id}.jpg`,
    contentType: 'video/webm',
    bytes: 1000,
    durationS: complete ? 20.4 : 10.2,
    turns,
  };
}

const VIDEOS = [
  video('churn-01', 'churn', 'Maya Cohen'),
  video('churn-02', 'churn', 'Daniel Okafor'),
  video('churn-03', 'churn', 'Priya Sharma'),
  video('churn-04', 'churn', 'Owen Gallagher', false),
  video('packaging-01', 'packaging', 'Chloe Martin'),
];

const project = (over: Partial<Project> = {}): Project => ({
  id: 'p1',
  org_id: 'o',
  interview_id: 'i',
  title: 'Meal-kit churn',
  type: 'CHURN',
  status: 'IN_PROGRESS',
  purpose: null,
  research_objective: 'Understand why customers cancel their meal-kit subscription',
  intro_message: 'Welcome.',
  end_message: 'Goodbye.',
  questions: CHURN_GUIDE.map((question) => ({ question, probing_level: 'high' as const })),
  target_participants: 5,
  recruiting_type: 'INTERNAL',
  languages: [],
  interaction_modes: ['video'],
  has_launched: true,
  launched_at: null,
  survey_questions: false,
  screener: null,
  ai_context: null,
  target_audience: null,
  created_at: '',
  ...over,
});

const NOW = Date.parse('2026-11-22T10:00:00Z');
const name = (i: Interview) => i.participant.name as string;
const userText = (i: Interview) => (i.transcript ?? []).filter((t) => t.role === 'User').map((t) => t.text);

type Counts = { completed: number; incomplete?: number; started?: number };

/** simulateInterviews with this file's videos and clock: the churn study unless another is given, counts not given 0. */
function simulate({
  project: p = project(),
  counts,
  ...rest
}: Omit<Parameters<typeof simulateInterviews>[0], 'project' | 'counts' | 'videos' | 'nowMs'> & { project?: Project; counts: Counts }): Interview[] {
  return simulateInterviews({
    project: p,
    counts: { completed: counts.completed, incomplete: counts.incomplete ?? 0, started: counts.started ?? 0 },
    videos: VIDEOS,
    nowMs: NOW,
    ...rest,
  });
}

/** Simulates like the route does: each call knows the recordings and names the project already has. */
function simulateInto(p: Project, into: Interview[], counts: Counts): Interview[] {
  const taken: Taken = {
    videoKeys: new Set(into.flatMap((i) => (i.video_key ? [i.video_key] : []))),
    names: new Set(into.map(name)),
  };
  const made = simulate({ project: p, counts, existing: into.length, taken });
  into.push(...made);
  return made;
}

describe('videosFor', () => {
  it("picks the videos of the project's topic, whatever their length", () => {
    expect(videosFor(project(), VIDEOS).map((v) => v.id)).toEqual(['churn-01', 'churn-02', 'churn-03', 'churn-04']);
    const packaging = project({
      title: 'Packaging concepts',
      research_objective: 'Test packaging concepts',
      questions: [{ question: PACKAGING_GUIDE[0]!, probing_level: 'high' }],
    });
    expect(videosFor(packaging, VIDEOS).map((v) => v.id)).toEqual(['packaging-01']);
    // Nothing in common: any video will do.
    expect(videosFor(project({ title: 'Zzz', research_objective: null, questions: [{ question: 'Qqq?', probing_level: 'low' }] }), VIDEOS)).toHaveLength(5);
  });
});

describe('simulateInterviews', () => {
  it('gives each interview its own video of the topic, with its own transcript and its speaker as the participant', () => {
    const all: Interview[] = [];
    const made = simulateInto(project(), all, { completed: 3, incomplete: 1, started: 1 });
    const byKey = new Map(VIDEOS.map((v) => [`sample:${v.id}`, v]));
    const withVideo = made.filter((i) => i.video_key);
    expect(withVideo.map((i) => i.video_key).sort()).toEqual(['sample:churn-01', 'sample:churn-02', 'sample:churn-03', 'sample:churn-04']);
    for (const i of withVideo) {
      const v = byKey.get(i.video_key!)!;
      expect(name(i)).toBe(v.participantName);
      expect(i.transcript).toEqual(v.turns);
      expect(i.duration_seconds).toBe(Math.round(v.durationS));
      // A cut-short recording only ever plays for an interview that was cut short.
      expect(i.status).toBe(v.complete ? 'COMPLETE' : 'INCOMPLETE');
    }
    const started = made.find((i) => i.status === 'STARTED')!;
    expect(started.video_key).toBeNull();
    expect(started.transcript).toBeNull();
    expect(VIDEOS.map((v) => v.participantName)).not.toContain(name(started));
  });

  it('never replays a video in a project; once they are used up, interviews have none, and distinct people and words', () => {
    const all: Interview[] = [];
    simulateInto(project(), all, { completed: 2 });
    const second = simulateInto(project(), all, { completed: 3, incomplete: 2 });
    // The one complete churn video left, and the cut-short one, go to this call; the rest have no video.
    expect(second.filter((i) => i.video_key).map((i) => i.video_key)).toEqual(['sample:churn-03', 'sample:churn-04']);
    simulateInto(project(), all, { completed: 300, incomplete: 20, started: 10 });
    const keys = all.flatMap((i) => (i.video_key ? [i.video_key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(4);

    const names = all.map(name);
    expect(new Set(names).size).toBe(names.length);
    const speakers = new Set(VIDEOS.map((v) => v.participantName));
    for (const i of all.filter((x) => !x.video_key)) expect(speakers.has(name(i)), name(i)).toBe(false);
    const emails = all.map((i) => i.participant.email);
    expect(new Set(emails).size).toBe(emails.length);

    const without = all.filter((i) => !i.video_key && i.status !== 'STARTED');
    expect(new Set(without.map((i) => JSON.stringify(i.transcript))).size).toBe(without.length);
    for (const i of without) {
      // Written for the project's own questions, timed in order, lasting as long as what is said.
      const asked = i.transcript!.filter((t) => t.role === 'AI' && !(FOLLOW_UPS as readonly string[]).includes(t.text)).map((t) => t.text);
      expect(asked).toEqual(i.status === 'COMPLETE' ? CHURN_GUIDE : CHURN_GUIDE.slice(0, asked.length));
      expect(userText(i).length).toBeGreaterThan(0);
      i.transcript!.forEach((t, n) => {
        expect(t.end).toBeGreaterThan(t.start);
        if (n > 0) expect(t.start).toBeGreaterThanOrEqual(i.transcript![n - 1]!.end);
      });
      expect(i.duration_seconds).toBeGreaterThanOrEqual(i.transcript!.at(-1)!.end);
    }
  });

  it('keeps the video for its speaker: a project that already has a participant of that name gets none of it', () => {
    const all: Interview[] = [];
    const taken: Taken = { videoKeys: new Set(), names: new Set(['Maya Cohen']) };
    const made = simulate({ counts: { completed: 3 }, existing: 1, taken });
    all.push(...made);
    expect(made.map((i) => i.video_key)).toEqual(['sample:churn-02', 'sample:churn-03', null]);
    expect(made.map(name)).not.toContain('Maya Cohen');
  });

  it('never replays a recording the project has, even one whose record shows another name', () => {
    const taken: Taken = { videoKeys: new Set(['sample:churn-01']), names: new Set() };
    const made = simulate({ counts: { completed: 3 }, existing: 1, taken });
    expect(made.map((i) => i.video_key)).toEqual(['sample:churn-02', 'sample:churn-03', null]);
  });

  it('writes packaging answers for a packaging study beyond its videos', () => {
    const p = project({
      title: 'Packaging concepts',
      research_objective: 'Test packaging concepts',
      questions: PACKAGING_GUIDE.map((question) => ({ question, probing_level: 'medium' as const })),
    });
    const made = simulateInto(p, [], { completed: 4 });
    expect(made.filter((i) => i.video_key).map((i) => i.video_key)).toEqual(['sample:packaging-01']);
    const words = made
      .filter((i) => !i.video_key)
      .flatMap(userText)
      .join(' ');
    expect(words).toMatch(/kraft|cardboard|box|crate|pouch|concept/i);
    expect(words).not.toMatch(/cancel/i);
  });

  it('load-test transcripts (transcript_turns) keep the video and its speaker', () => {
    const made = simulate({ counts: { completed: 2 }, existing: 0, transcriptTurns: 6 });
    expect(made.map((i) => i.transcript!.length)).toEqual([6, 6]);
    expect(made.map(name)).toEqual(['Maya Cohen', 'Daniel Okafor']);
  });
});

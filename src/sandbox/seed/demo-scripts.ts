import { SentenceUse, writeInterview, type GuideQuestion, type ScriptStatus, type ScriptTurn, type Topic } from '../domain/answers';
import { draftQuestions } from '../domain/drafting';
import { personAt, voiceFor, type Person, type Voice } from '../domain/names';
import { CHURN_QUESTIONS, DEMO_ORG_CONTEXT, DEMO_ORG_NAME, DEMO_SIMULATIONS, PACKAGING_OBJECTIVE } from './demo';

/**
 * Who the demo's interviews are with and what they say: one script per completed or incomplete
 * interview of each launched demo study. scripts/sample-media/write-scripts.ts turns them into the
 * sample videos' scripts, so the demo's every recording is a different person, with their own name on
 * the title card, their own voice and their own answers.
 */

/** The captions the demo gives its three packaging concepts (stimuli drawn by generate-sample-media.sh). */
export const DEMO_CONCEPT_CAPTIONS = ['Concept A: kraft box', 'Concept B: compostable pouch', 'Concept C: reusable crate'];

/**
 * A demo study's guide, as the demo seed ends up with it: the churn guide is written out in demo.ts;
 * the packaging guide is the sandbox's own draft for the demo's objective and concepts.
 */
export function demoGuide(topic: Topic): GuideQuestion[] {
  if (topic === 'churn') return CHURN_QUESTIONS.map((q) => ({ ...q }));
  return draftQuestions({
    objective: PACKAGING_OBJECTIVE,
    type: 'STIMULI',
    orgName: DEMO_ORG_NAME,
    context: DEMO_ORG_CONTEXT,
    captions: DEMO_CONCEPT_CAPTIONS,
  }).questions;
}

export type DemoScript = {
  id: string;
  topic: Topic;
  status: ScriptStatus;
  title: string;
  person: Person;
  voice: Voice;
  turns: ScriptTurn[];
};

/** Every demo interview that has a recording, churn first; ids like churn-01, packaging-13. */
export function demoScripts(): DemoScript[] {
  const use = new SentenceUse();
  const out: DemoScript[] = [];
  const voices = { f: 0, m: 0 };
  for (const topic of ['churn', 'packaging'] as const) {
    const { completed, incomplete } = DEMO_SIMULATIONS[topic];
    const guide = demoGuide(topic);
    for (let i = 0; i < completed + incomplete; i++) {
      const status: ScriptStatus = i < completed ? 'COMPLETE' : 'INCOMPLETE';
      const person = personAt(out.length);
      const voice = voiceFor(person.gender, voices[person.gender]++);
      const { title, turns } = writeInterview({ topic, questions: guide, status, index: i, seed: `demo:${topic}:${i}`, use });
      out.push({ id: `${topic}-${String(i + 1).padStart(2, '0')}`, topic, status, title, person, voice, turns });
    }
  }
  return out;
}

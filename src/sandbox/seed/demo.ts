import { readFileSync } from 'node:fs';
import type { SampleMedia } from '../domain/sample-media';

/**
 * Seeds the demo organisation through the sandbox's own HTTP API, the way a client would, so the
 * demo data passed every rule a real caller's data passes. Returns the guides it created, because the
 * service has no endpoint to read a guide back and the app wants to show them.
 */
export type SeededProject = {
  id: string;
  interview_id: string;
  title: string;
  type: 'USER_INTERVIEW' | 'STIMULI' | 'CHURN';
  research_objective: string;
  intro_message: string;
  end_message: string | null;
  questions: { question: string; probing_level: 'low' | 'medium' | 'high' }[];
  languages: { language_name: string; accent: string }[];
  interaction_modes: ('video' | 'audio' | 'chat')[];
  target_participants: number;
  launched: boolean;
};
export type DemoSeed = { organisation_id: string; api_key: string; projects: SeededProject[] };

export const DEMO_ORG_NAME = 'Northwind Meals (demo)';

/** The churn study's guide. The sample videos ask these questions word for word (see demo-scripts.ts). */
export const CHURN_QUESTIONS: SeededProject['questions'] = [
  { question: 'What made you decide to pause or cancel your meal-kit subscription?', probing_level: 'high' },
  { question: 'How did the price feel compared with what you got each week?', probing_level: 'medium' },
  { question: 'Tell me about your deliveries: the timing, the packaging, anything that stood out.', probing_level: 'medium' },
  { question: 'What would have kept you subscribed?', probing_level: 'high' },
];

export const DEMO_ORG_CONTEXT = {
  company_info: 'Northwind Meals delivers weekly meal kits across the UK.',
  product_summary: 'Weekly meal kits with recipes and pre-portioned ingredients',
  churn_context: 'customers pausing or cancelling after the introductory discount ends',
};
export const PACKAGING_OBJECTIVE = 'Test reactions to three new packaging concepts for our meal-kit boxes';

/**
 * The interviews the demo simulates in each launched study. The sample media has one video for every
 * completed and incomplete one (scripts/generate-sample-media.sh), so no two show the same person.
 */
export const DEMO_SIMULATIONS = {
  churn: { completed: 24, incomplete: 3, started: 2 },
  packaging: { completed: 12, incomplete: 1, started: 0 },
} as const;

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function caller(baseUrl: string, key: () => string): Call {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key() ? { 'x-api-key': key() } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Seeding the demo failed at ${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

// eslint-disable-next-line max-lines-per-function -- split by sandbox (issue 20)
export async function seedDemo(baseUrl: string, media: SampleMedia): Promise<DemoSeed> {
  let apiKey = '';
  const call = caller(baseUrl, () => apiKey);
  const org = await call<{ organisation_id: string; api_key: string }>('POST', '/_sandbox/organisations', {
    name: DEMO_ORG_NAME,
    balance_cents: 50_000,
    trial_credits: 10,
    context: DEMO_ORG_CONTEXT,
  });
  apiKey = org.api_key;
  // Seeded reports finish at once; the organisation goes back to the normal generation time afterwards.
  await call('PUT', '/_sandbox/organisations/me', { report_duration_ms: 0 });
  const english = [{ language_name: 'English', accent: 'en-GB' }];
  const projects: SeededProject[] = [];

  // 1. Meal-kit churn: launched, interviews with video, a finished report.
  const churn = {
    title: 'Meal-kit churn',
    type: 'CHURN' as const,
    research_objective: 'Understand why customers pause or cancel their meal-kit subscription',
    intro_message:
      'Hi, and thank you for joining. We would like to hear how your meal-kit subscription went, and why you paused or cancelled. There are no right or wrong answers.',
    end_message: 'Thank you. Your answers will help us make the service better.',
    questions: CHURN_QUESTIONS,
    languages: english,
    interaction_modes: ['video', 'audio'] as ('video' | 'audio' | 'chat')[],
    target_participants: 30,
  };
  const churnIds = await call<{ id: string; interview_id: string }>('POST', '/v1/projects', churn);
  await call('PATCH', `/_sandbox/projects/${churnIds.id}`, {
    screener: [
      { id: 'sq_recent', text: 'Have you paused or cancelled a meal-kit subscription in the last six months?', options: ['Yes', 'No'], pass: ['Yes'] },
      { id: 'sq_household', text: 'How many people do you usually cook for?', options: ['1', '2', '3-4', '5 or more'], pass: null },
    ],
  });
  await call('POST', `/v1/projects/${churnIds.id}/launch`, { target_participants: churn.target_participants });
  await call('PUT', `/v1/projects/${churnIds.id}/embed/allow-list`, {
    allowed_urls: ['https://www.northwindmeals.example', 'https://help.northwindmeals.example'],
  });
  await call('POST', `/_sandbox/projects/${churnIds.id}/simulate`, DEMO_SIMULATIONS.churn);
  await call('POST', `/v1/projects/${churnIds.id}/report`);
  await call('GET', `/v1/projects/${churnIds.id}/report`);
  projects.push({ ...churnIds, ...churn, launched: true });

  // 2. Packaging concepts: STIMULI through the spec's typical flow 2.
  const objective = PACKAGING_OBJECTIVE;
  const pack = await call<{ id: string; interview_id: string }>('POST', '/v1/projects', {
    title: 'Packaging concepts',
    type: 'STIMULI',
    research_objective: objective,
    intro_message: 'Thanks for helping us. We will show you three packaging ideas and ask what you think.',
    questions: [{ question: 'Placeholder question', probing_level: 'medium' }],
    target_participants: 15,
    languages: english,
    interaction_modes: ['video', 'chat'],
  });
  const concepts = media.stimuli.filter((s) => s.file.startsWith('concept-')).slice(0, 3);
  const stimulusIds: { id: string; caption: string }[] = [];
  for (const s of concepts) {
    const presign = await call<{ upload_url: string; upload_fields: Record<string, string>; file_id: string }>('POST', '/v1/stimuli/presign', {
      project_id: pack.id,
      filename: s.file,
      content_type: s.contentType,
      file_size_bytes: s.bytes,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.upload_fields)) form.append(k, v);
    form.append('file', new Blob([readFileSync(s.path)], { type: s.contentType }), s.file);
    const up = await fetch(presign.upload_url, { method: 'POST', body: form });
    if (up.status !== 204) throw new Error(`Seeding the demo failed uploading ${s.file}: ${up.status} ${await up.text()}`);
    await call('POST', '/v1/stimuli/confirm', {
      project_id: pack.id,
      file_id: presign.file_id,
      file_ext: s.file.slice(s.file.lastIndexOf('.')),
      caption: s.caption,
    });
    stimulusIds.push({ id: presign.file_id, caption: s.caption });
  }
  const draft = await call<{ questions: SeededProject['questions']; intro_message: string; end_message: string }>('POST', '/v1/projects/generate-questions', {
    research_objective: objective,
    type: 'STIMULI',
    project_id: pack.id,
  });
  const patched = await call<{ questions: SeededProject['questions']; intro_message: string; end_message: string | null }>('PATCH', `/v1/projects/${pack.id}`, {
    questions: draft.questions,
    end_message: draft.end_message,
  });
  for (const s of stimulusIds) {
    const items = patched.questions.filter((q) => q.question.includes(`"${s.caption}"`)).map((q) => q.question);
    await call('POST', '/v1/stimuli/assign', { project_id: pack.id, stimuli_id: s.id, question_items: items });
  }
  await call('POST', `/v1/projects/${pack.id}/launch`, { target_participants: 15 });
  await call('POST', `/_sandbox/projects/${pack.id}/simulate`, DEMO_SIMULATIONS.packaging);
  projects.push({
    ...pack,
    title: 'Packaging concepts',
    type: 'STIMULI',
    research_objective: objective,
    intro_message: patched.intro_message,
    end_message: patched.end_message,
    questions: patched.questions,
    languages: english,
    interaction_modes: ['video', 'chat'],
    target_participants: 15,
    launched: true,
  });

  // 3. Onboarding interviews: an AI-drafted guide, left unlaunched to edit.
  const onboardingObjective = 'Learn how new customers experience their first two weeks with Northwind Meals';
  const onboardingDraft = await call<{ questions: SeededProject['questions']; suggested_title: string; intro_message: string; end_message: string }>(
    'POST',
    '/v1/projects/generate-questions',
    { research_objective: onboardingObjective, type: 'USER_INTERVIEW' },
  );
  const onboarding = {
    title: 'Onboarding interviews',
    type: 'USER_INTERVIEW' as const,
    research_objective: onboardingObjective,
    intro_message: onboardingDraft.intro_message,
    end_message: onboardingDraft.end_message,
    questions: onboardingDraft.questions,
    languages: english,
    interaction_modes: ['video', 'audio', 'chat'] as ('video' | 'audio' | 'chat')[],
    target_participants: 12,
  };
  const onboardingIds = await call<{ id: string; interview_id: string }>('POST', '/v1/projects', onboarding);
  projects.push({ ...onboardingIds, ...onboarding, launched: false });

  await call('PUT', '/_sandbox/organisations/me', { report_duration_ms: null });
  return { organisation_id: org.organisation_id, api_key: org.api_key, projects };
}

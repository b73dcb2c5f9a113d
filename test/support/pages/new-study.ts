import type { Locator, Page } from 'playwright-core';
import { draftNote } from './draft';

/** The study fields the new-study forms and the guide editor share, within one form (or the whole page). */
export const studyFields = (scope: Page | Locator) => {
  const questions = scope.getByRole('textbox', { name: /^Question \d+$/ });
  return {
    title: scope.getByLabel('Title', { exact: true }),
    objective: scope.getByLabel(/Research objective/),
    intro: scope.getByLabel('Intro message'),
    questions,
    questionTexts: () => questions.evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value)),
    question: (n: number) => scope.getByRole('textbox', { name: `Question ${n}`, exact: true }),
    probing: (n: number) => scope.getByRole('combobox', { name: `Probing level for question ${n}` }),
    addQuestion: scope.getByRole('button', { name: '+ Add question' }),
    deleteQuestion: (n: number) => scope.getByRole('button', { name: `Delete question ${n}` }),
    moveUp: (n: number) => scope.getByRole('button', { name: `Move question ${n} up` }),
    /** An interaction mode's checkbox: Video, Audio or Chat. */
    mode: (name: 'Video' | 'Audio' | 'Chat') => scope.getByRole('checkbox', { name: new RegExp(name) }),
    target: scope.getByLabel('Target participants'),
    accent: (n: number) => scope.getByRole('combobox', { name: `Accent for language ${n}` }),
    create: scope.getByRole('button', { name: 'Create study' }),
  };
};

/** The New study screen: how to start (AI draft, own questions, external guide, stimuli) and the form for it. */
export const newStudy = (page: Page) => {
  const heading = page.getByRole('heading', { name: 'New study', level: 1 });
  const external = page.getByRole('form', { name: 'Create with an external AI guide' });
  return {
    heading,
    /** From the sidebar (or the empty studies list's own button), once the screen is up. */
    async open() {
      await page
        .getByRole('navigation')
        .getByRole('button', { name: /New study/ })
        .or(page.getByRole('button', { name: 'New study', exact: true }))
        .first()
        .click();
      await heading.waitFor();
    },
    /** A way to start (/Draft with AI/, /Write my own questions/, …) or a study type (/Churn/, /User interview/). */
    choice: (name: RegExp) => page.getByRole('radio', { name }),
    ...studyFields(page),
    draft: page.getByRole('button', { name: 'Draft questions' }),
    /** Draft questions, or Draft again once there is a draft. */
    draftAny: page.getByRole('button', { name: /Draft (questions|again)/ }),
    drafting: page.getByRole('button', { name: 'Drafting…' }),
    drafted: page.getByText('Drafted from your objective'),
    cancelDraft: page.getByRole('button', { name: 'Cancel' }),
    ownForm: page.getByRole('form', { name: 'Write your own questions' }),
    externalForm: external,
    /** The external AI guide's own fields, beside the shared ones (studyFields on externalForm). */
    externalGuide: {
      organisationId: external.getByLabel('Organisation ID'),
      aiContext: external.getByLabel(/AI context/),
      audience: external.getByLabel(/Target audience/),
      generate: external.getByRole('button', { name: 'Generate draft' }),
      retry: external.getByRole('button', { name: 'Retry' }),
    },
    /** The form's local draft (kept on this computer until Create or Discard). */
    localDraft: draftNote(page),
    stimuliForm: page.getByRole('form', { name: 'Start a stimuli study' }),
    createStimuli: page.getByRole('button', { name: 'Create stimuli study and add media' }),
  };
};

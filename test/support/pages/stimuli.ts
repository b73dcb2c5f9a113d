import type { Locator, Page } from 'playwright-core';

/** One stimulus's card: in the Stimuli tab (its caption as the heading) or on the wizard's assignment step. */
export const stimulusCard = (root: Locator) => ({
  root,
  title: root.getByRole('heading'),
  image: (caption: string) => root.getByRole('img', { name: caption }),
  /** The card's video; its label ("Video: <caption>") is what the tests check, so it is found by the element. */
  video: root.locator('video'),
  /** The questions a launched study shows it with, read-only. */
  shownWith: (caption: string) => root.getByRole('list', { name: `Questions shown with ${caption}` }).getByRole('listitem'),
  checkboxes: root.getByRole('checkbox'),
  /** The ticked questions' checkboxes. */
  ticked: root.getByRole('checkbox', { checked: true }),
  /** A question's checkbox, by a pattern over its name ("Show “Kraft box” with question 2: <question>"). */
  question: (name: RegExp) => root.getByRole('checkbox', { name }),
  textboxes: root.getByRole('textbox'),
  caption: (caption: string) => root.getByRole('textbox', { name: `Caption for ${caption}` }),
  /** What the caption field says after a save: it was saved, or why not. */
  captionSaved: root.getByRole('status').filter({ hasText: 'Caption saved' }),
  captionError: root.getByRole('alert').filter({ hasText: 'The caption was not saved' }),
  says: (text: string) => root.getByText(text),
});

/** A file waiting to go up (or going up), by its file name: its caption, progress, and what it says. */
export const stagedFile = (page: Page, name: string) => {
  const root = page.getByRole('list', { name: 'Files to add' }).getByRole('listitem', { name });
  return {
    root,
    caption: root.getByRole('textbox', { name: `Caption for ${name}` }),
    uploading: root.getByRole('progressbar', { name: `Uploading ${name}` }),
    /** Why it cannot go up. */
    problem: root.getByRole('alert'),
    says: (text: string) => root.getByText(text),
  };
};

/** Adding files: the file button, the files waiting to go up with their captions, Upload and Cancel. */
const uploads = (page: Page) => {
  const staged = page.getByRole('list', { name: 'Files to add' });
  return {
    files: page.getByLabel('Stimulus files'),
    staged,
    stagedFile: (name: string) => stagedFile(page, name),
    /** A caption field, by its file name (before upload) or its caption (after). */
    caption: (name: string) => page.getByRole('textbox', { name: `Caption for ${name}` }),
    upload: (files: number) => page.getByRole('button', { name: `Upload ${files} ${files === 1 ? 'file' : 'files'}` }),
    anyUpload: page.getByRole('button', { name: /^Upload/ }),
    cancelUpload: (name: string) => page.getByRole('button', { name: `Cancel upload of ${name}` }),
    remove: (name: string) => page.getByRole('button', { name: `Remove ${name}` }),
    clearAdded: page.getByRole('button', { name: 'Clear added' }),
  };
};

/** The Stimuli tab: the stimuli in display order, each with its caption and questions, and adding more. */
export const stimuliTab = (page: Page) => ({
  ...uploads(page),
  /** One card per stimulus, in display order. */
  cards: page
    .getByRole('list', { name: 'Stimuli in display order' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') }),
  /** The card at a position (0 is the first shown), or the one that mentions a text. */
  card: (at: number | string) => {
    const cards = page
      .getByRole('list', { name: 'Stimuli in display order' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    return stimulusCard(typeof at === 'number' ? cards.nth(at) : cards.filter({ hasText: at }));
  },
  empty: page.getByText('No stimuli yet'),
  launched: page.getByText('This study has launched'),
  chooseFiles: page.getByRole('button', { name: 'Choose files…' }),
  /** Why a file dropped on the window was not taken (it has its own Dismiss). */
  dropRefused: page.getByRole('status').filter({ hasText: 'Only stimuli studies take images and videos.' }),
  /** The warning while a stimulus has no question. */
  blocked: page.getByRole('status').filter({ hasText: 'Launch is blocked' }),
});

/** The guided set-up of a new stimuli study: media, questions, assignments, ready to launch. */
export const stimuliWizard = (page: Page) => {
  const steps = page.getByRole('list', { name: 'Steps' });
  const assign = page.getByRole('list', { name: 'Assign stimuli' });
  return {
    ...uploads(page),
    steps,
    /** The step the wizard is at (aria-current="step"). */
    currentStep: steps.locator('[aria-current="step"]'),
    uploaded: page.getByRole('list', { name: 'Uploaded stimuli' }).getByRole('listitem'),
    continueToQuestions: page.getByRole('button', { name: 'Continue to questions' }),
    draftWithAi: page.getByRole('button', { name: 'Draft questions with AI' }),
    saveQuestions: page.getByRole('button', { name: 'Save questions' }),
    editQuestionsAgain: page.getByRole('button', { name: 'Edit the questions again' }),
    assign,
    /** A stimulus on the assignment step, by its caption. */
    assignCard: (caption: string) => stimulusCard(assign.getByRole('listitem', { name: caption })),
    saveAssignments: page.getByRole('button', { name: 'Save assignments' }),
    ready: page.getByRole('heading', { name: 'Ready to launch' }),
    readyNote: page.getByRole('status').filter({ hasText: 'Ready to launch' }),
    goToLaunch: page.getByRole('button', { name: 'Go to launch' }),
  };
};

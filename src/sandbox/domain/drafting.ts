import type { ProbingLevel, ProjectType } from '../../shared/schemas/enums';
import type { OrgContext } from '../store/orgs';
import { capitalise } from './text';

export type Draft = {
  questions: { question: string; probing_level: ProbingLevel }[];
  suggested_title: string;
  intro_message: string;
  end_message: string;
};

const INTENT =
  /^(?:(?:we|i)\s+(?:want|would like|need)\s+to\s+|to\s+)?(?:better\s+)?(?:understand|learn|find out|explore|discover|investigate|assess|evaluate|test|see|know|uncover)(?:\s+more)?(?:\s+about)?\s+/i;
const LEADING_PREPOSITION = /^(?:to|of|for|about|with|on|in)\s+/i;

/** The research focus as a short noun phrase: "why customers cancel their meal-kit subscription" → "meal-kit subscription". */
export function focusOf(objective: string): string {
  const clean = objective
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(INTENT, '');
  const det =
    /\b(?:their|the|our|your|its|a|an)\s+([a-z0-9][\w\s-]{2,60}?)(?=$|[.,;:!?]|\s(?:and|but|because|so|when|while|after|before|in|on|at|for|to|with|of)\b)/i.exec(
      clean,
    );
  const phrase = det?.[1] ?? clean.split(/\s+/).slice(-4).join(' ').replace(LEADING_PREPOSITION, '');
  return phrase.trim().toLowerCase().slice(0, 80) || 'this topic';
}

function product(context: OrgContext, fallback: string): string {
  const summary = context.product_summary?.trim();
  if (!summary) return fallback;
  const first = summary.split(/[.;:]/)[0]!.trim();
  return first.length > 0 && first.length <= 60 ? first.charAt(0).toLowerCase() + first.slice(1) : fallback;
}

export function draftQuestions(args: { objective: string; type: ProjectType; orgName: string; context: OrgContext; captions: string[] }): Draft {
  const focus = focusOf(args.objective);
  const company = args.orgName;
  const thing = product(args.context, focus);
  const q = (question: string, probing_level: ProbingLevel) => ({ question, probing_level });
  let questions: Draft['questions'];
  let title: string;

  if (args.type === 'CHURN') {
    const churn = args.context.churn_context?.trim();
    questions = [
      q(`To start, how long were you a customer of ${company}, and what made you sign up?`, 'low'),
      q(`What was happening in your life when you decided to stop using ${thing}?`, 'high'),
      q('What did you expect that did not happen?', 'high'),
      churn
        ? q(`Other customers have mentioned ${churn.replace(/[.!?]+$/, '').toLowerCase()}. How does that compare with your experience?`, 'medium')
        : q('How did the price compare with the value you got?', 'medium'),
      q(`What would have kept you as a customer of ${company}?`, 'medium'),
      q('What are you using instead now, and how is it going?', 'low'),
    ];
    title = `${capitalise(focus)}: churn interviews`;
  } else if (args.type === 'STIMULI') {
    const shown = args.captions.slice(0, 5);
    questions = [
      q(`Before we look at anything, how do you usually choose ${focus}?`, 'low'),
      ...shown.map((c) => q(`Take a look at "${c}". What is your first impression?`, 'high')),
      shown.length > 1
        ? q(`Comparing ${shown.map((c) => `"${c}"`).join(', ')}, which would you pick, and why?`, 'medium')
        : q('What, if anything, would make this more appealing to you?', 'medium'),
      q('Is there anything you would change about what you saw?', 'low'),
    ];
    title = `${capitalise(focus)}: concept test`;
  } else {
    questions = [
      q(`To start, tell me a little about yourself and how ${thing} fits into your week.`, 'low'),
      q(`When it comes to ${focus}, what matters most to you?`, 'medium'),
      q(`Tell me about the last time ${focus} really mattered to you. What happened?`, 'high'),
      q(`What has been frustrating or confusing about ${focus}?`, 'high'),
      q(`If you could change one thing about ${focus}, what would it be?`, 'medium'),
      q('Is there anything else you would like us to know?', 'low'),
    ];
    title = `${capitalise(focus)} interviews`;
  }
  return {
    questions: dedupe(questions).map((x) => ({ ...x, question: x.question.slice(0, 500) })),
    suggested_title: title.slice(0, 120),
    intro_message: `Hi, and thank you for taking the time. ${company} would like to hear about your experience with ${focus}. There are no right or wrong answers, and it takes about ten minutes.`,
    end_message: `That is everything. Thank you for sharing your thoughts; they will help ${company} improve.`,
  };
}

function dedupe<T extends { question: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(x.question) ? false : (seen.add(x.question), true)));
}

/** The service rejects drafts with too few distinct probing levels (its 502); the sandbox checks the same. */
export function draftIsValid(d: Draft): boolean {
  return new Set(d.questions.map((x) => x.probing_level)).size >= 2 && d.questions.length >= 3;
}

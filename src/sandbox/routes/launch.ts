import { launchRequest } from '../../shared/schemas/project';
import type { ApiHandler } from '../context';
import { formatCents, quoteLaunch } from '../domain/billing';
import { parseBody } from '../http/body';
import { ApiError, notFound } from '../http/errors';
import { getOrg, updateOrg } from '../store/orgs';
import { getProject, updateProject } from '../store/projects';
import { listStimuli } from '../store/stimuli';
import { iso } from '../clock';
import { callUrl } from './views';

export const launchRoute: ApiHandler = async (req, params, ctx) => {
  const body = await parseBody(req, launchRequest);
  return ctx.db.transaction(() => {
    // Inside one transaction: a concurrent second launch sees has_launched and gets its 409.
    const project = getProject(ctx.db, ctx.org.id, params.project_id!);
    if (!project) throw notFound();
    if (project.has_launched) throw new ApiError(409, 'already_launched', 'This project has already launched. A project launches only once.');
    if (project.questions.length === 0 || project.intro_message.trim() === '') {
      throw new ApiError(422, 'guide_incomplete', 'The interview guide needs an intro message and at least one question before launch.');
    }
    if (project.type === 'STIMULI') {
      const stimuli = listStimuli(ctx.db, project.id);
      if (stimuli.length === 0) throw new ApiError(422, 'no_stimuli', 'Upload at least one stimulus before launching a STIMULI project.');
      const unassigned = stimuli.filter((s) => s.question_items.length === 0).map((s) => s.id);
      if (unassigned.length > 0) {
        throw new ApiError(422, 'stimuli_unassigned', `${unassigned.length} stimulus item(s) are not assigned to any question.`, {
          details: { stimuli_ids: unassigned },
        });
      }
    }
    const org = getOrg(ctx.db, ctx.org.id)!;
    const charge = quoteLaunch(body.target_participants, org.trial_credits);
    if (charge.charged_cents > org.balance_cents) {
      throw new ApiError(
        402,
        'insufficient_balance',
        `The balance cannot cover this launch: ${formatCents(charge.charged_cents)} is needed and ${formatCents(org.balance_cents)} is available.`,
        {
          balance_available: org.balance_cents,
          balance_required: charge.charged_cents,
          shortfall: charge.charged_cents - org.balance_cents,
        },
      );
    }
    const after = updateOrg(ctx.db, org.id, {
      trial_credits: org.trial_credits - charge.trial_credits_used,
      balance_cents: org.balance_cents - charge.charged_cents,
    });
    const launched = {
      ...project,
      has_launched: true,
      status: 'IN_PROGRESS' as const,
      launched_at: iso(ctx.clock.now()),
      target_participants: body.target_participants,
    };
    updateProject(ctx.db, launched);
    return {
      status: 200,
      body: {
        project_id: launched.id,
        status: launched.status,
        target_participants: launched.target_participants,
        trial_credits_used: charge.trial_credits_used,
        balance_charged: formatCents(charge.charged_cents),
        balance_remaining: formatCents(after.balance_cents),
        call_url: callUrl(ctx, launched),
        recruiting_type: launched.recruiting_type,
      },
    };
  })();
};

import { vipRoleFixes, vipRoleTexts } from '@vip/contracts/plain';
import type { ReactNode } from 'react';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { failureField } from '../../lib/http.ts';
import { useGetDiscordSignInQuery, useGetUserDiscordQuery } from '../discord/discordApi.ts';
import { useGetServerQuery } from './serversApi.ts';

interface Step {
  id: 'bot' | 'link' | 'add' | 'role' | 'send';
  title: string;
  done: boolean;
  /** How to do it, while it is not done. */
  how: ReactNode;
  /** What the bot reports standing in the way of this step, even once it is done. */
  problem?: string;
}

/**
 * The Servers tab's way to a first working server, in the order it works in Discord: invite
 * the bot, /link (which proves the owner manages the server), add the server here, choose the
 * VIP role, post the key message with /send. Each step ticks from what the product already
 * knows — the Discord link, the servers, what the bot reported of the first server — and those
 * queries follow /ws, so a step done in Discord ticks here without a reload.
 */
export function SetupChecklist({ servers, onAdd }: { servers: string[]; onAdd: () => void }) {
  const discord = useGetUserDiscordQuery().data;
  const signIn = useGetDiscordSignInQuery().data;
  const settings = useSiteSettings();
  const firstServerId = servers[0];
  const { data: server, error: serverError } = useGetServerQuery(firstServerId ?? '', { skip: !firstServerId });
  if (!discord) return null;

  const account = discord.account;
  const botInvite = failureField(serverError, 'inviteUrl') ?? safeExternalUrl(settings?.keyBot?.inviteUrl);
  const missing = server?.missingPermissions ?? [];
  const steps: Step[] = [
    {
      id: 'bot',
      title: 'Invite the VIP Access bot to your server',
      done: Boolean(server) || discord.managedServers.some((managed) => managed.botInServer),
      how: botInvite ? (
        <a href={botInvite} target="_blank" rel="noopener noreferrer">
          Invite the bot
        </a>
      ) : (
        'The bot’s invite is not set up on this site yet: ask its admins for it.'
      ),
      problem: missing.length > 0 ? `The bot is missing permissions here: ${missing.join(', ')}.` : undefined,
    },
    {
      id: 'link',
      title: 'Link your Discord account with /link',
      done: Boolean(account),
      how: signIn?.enabled
        ? 'Connect Discord above, or press “Link with /link” above and run the command in your server.'
        : 'Press “Link with /link” above and run the command in your server: it shows the bot that you manage it.',
    },
    {
      id: 'add',
      title: 'Add the server here',
      done: servers.length > 0,
      how: account ? (
        <button type="button" className="button button-primary button-small" onClick={onAdd}>
          Add your first server
        </button>
      ) : (
        'Link your Discord account first: only a server you manage in Discord can be added.'
      ),
    },
    {
      id: 'role',
      title: 'Choose the VIP role with /setrole',
      done: Boolean(server?.setup?.vipRoleChosen),
      how: 'Run /setrole in your server. Without it, the bot creates a role named VIP at the first redemption.',
      problem: server?.roleProblem
        ? vipRoleTexts.cardProblem(server.roleProblem.action, vipRoleFixes[server.roleProblem.problem]('the VIP role'))
        : undefined,
    },
    {
      id: 'send',
      title: 'Post the key message with /send',
      done: Boolean(server?.setup?.keyRedeemed),
      how: 'Run /send in the channel where members should find the Redeem Key button. This ticks when the first member redeems a key.',
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length && steps.every((step) => !step.problem)) return null;

  return (
    <section className="card setup-checklist" aria-labelledby="setup-title">
      <div className="setup-checklist-head">
        <h3 id="setup-title">Set up your first server</h3>
        <span className="muted" data-testid="setup-progress">
          {doneCount} of {steps.length} done
        </span>
      </div>
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.id} className="setup-step" data-step={step.id} data-done={step.done}>
            <span className="setup-step-mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <div className="setup-step-text">
              <strong>
                {step.title}
                <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              </strong>
              {!step.done && <span className="muted">{step.how}</span>}
              {step.problem && (
                <span className="banner banner-warning" role="status">
                  {step.problem}
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { randomUUID } from 'node:crypto';
import {
  configDefaults,
  discordApi,
  discordTexts,
  errorCodes,
  managesServer,
  projections,
  type LinkCodeResponse,
  type LinkCommandResponse,
  type ManagementCheckAnsweredResponse,
  type ManagementCheckStartedResponse,
} from '@vip/contracts';
import { DomainError, digestOf, on, randomCode, type MountedRoute } from '@vip/platform';
import { commandHandlerFor } from '../core/command-handler.ts';
import { commandContext } from '../core/context.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadState } from '../core/load-state.ts';
import { isBotInServer } from '../servers/servers.commands.ts';
import { userOf } from '../auth/auth.commands.ts';
import {
  evolveLinkCode,
  initialLinkCodeState,
  linkCodeDecider,
  linkCodeStream,
  usableLinkCode,
} from './link-code.decider.ts';
import { linkDiscordAccount, panelUserOf, proveManagement } from './link-account.ts';
import { evolveManagementCheck, managementCheckDecider, managementCheckStream } from './management-check.decider.ts';
import { discordLinkOf } from './management-proof.ts';

const linkCodes = commandHandlerFor(linkCodeDecider, (command) => linkCodeStream(command.codeDigest));
// the panel shows a requested check as pending at once
const checks = commandHandlerFor(managementCheckDecider, (command) => managementCheckStream(command.checkId), {
  readYourWrites: { projection: projections.discordAccounts, ifLate: 'answer' },
});

/** /link codes, the key bot's /link, and role checks the key bot carries out (decisions.md §9). */
export function discordAccountRoutes(deps: CommandDeps): MountedRoute[] {
  const { eventStore } = deps;
  const { linkCodeMinutes, requestsPerMinute } = configDefaults.discordIdentity;
  const perUser = { perMinute: requestsPerMinute, keyOf: ({ user }: { user: { id: string } }) => user.id };

  /** Whose code it is (unknown, used and expired codes refused in their own words), or whose account this is. */
  const panelUserFor = async (code: string | undefined, discordUserId: string, now: Date): Promise<string> => {
    if (code !== undefined) {
      const { state } = await loadState(
        eventStore,
        linkCodeStream(digestOf(code)),
        evolveLinkCode,
        initialLinkCodeState(),
      );
      return usableLinkCode(state, now).userId;
    }
    const userId = await panelUserOf(eventStore, discordUserId);
    if (userId === null) throw new DomainError('not_found', discordTexts.notLinked, errorCodes.discordNotLinked);
    return userId;
  };

  return [
    on(
      discordApi.linkCode,
      async ({ ctx, user }) => {
        const code = randomCode(10);
        const expiresAt = new Date(Date.now() + linkCodeMinutes * 60_000);
        await linkCodes(
          deps,
          { type: 'IssueLinkCode', codeDigest: digestOf(code), userId: user.id, expiresAt },
          commandContext(ctx),
          { withoutReading: 'new' },
        );
        const answer: LinkCodeResponse = { code, expiresAt: expiresAt.toISOString() };
        return answer;
      },
      { rateLimit: perUser },
    ),

    on(discordApi.link, async ({ ctx, body: { guildId, guild, member, code } }) => {
      const now = new Date();
      const userId = await panelUserFor(code, member.id, now);
      // everything that can refuse is asked before anything is written
      if (!managesServer(member))
        throw new DomainError('forbidden', discordTexts.notManager, errorCodes.notServerManager);
      const holder = await panelUserOf(eventStore, member.id);
      if (holder !== null && holder !== userId)
        throw new DomainError('conflict', discordTexts.accountTaken, errorCodes.discordAccountTaken);
      const linked = await discordLinkOf(eventStore, userId);
      if (linked.discordUserId !== null && linked.discordUserId !== member.id)
        throw new DomainError('conflict', discordTexts.otherUsersCode, errorCodes.linkCodeOtherUser);

      const context = { ...commandContext(ctx), now };
      if (code !== undefined)
        await linkCodes(
          deps,
          { type: 'UseLinkCode', codeDigest: digestOf(code), discordUserId: member.id, guildId },
          context,
        );
      const account = { discordUserId: member.id, username: member.username, avatar: member.avatar };
      const { linked: newlyLinked } = await linkDiscordAccount(deps, { userId, account, via: 'link-command' }, context);
      const { claimsVerified } = await proveManagement(
        deps,
        {
          userId,
          discordUserId: member.id,
          servers: [{ guildId, name: guild.name, icon: guild.icon }],
          via: 'link-command',
          complete: false,
        },
        context,
      );
      const state = await userOf(eventStore, userId);
      const answer: LinkCommandResponse = {
        username: state.username ?? '',
        linked: newlyLinked,
        claimVerified: claimsVerified.includes(guildId),
      };
      return answer;
    }),

    on(
      discordApi.verifyServer,
      async ({ ctx, user, params: { serverId } }) => {
        const { discordUserId } = await discordLinkOf(eventStore, user.id);
        if (discordUserId === null)
          throw new DomainError('conflict', discordTexts.notLinked, errorCodes.discordNotLinked);
        if (!(await isBotInServer(deps, serverId)))
          throw new DomainError('conflict', discordTexts.botNotInServer, errorCodes.botNotInServer);
        const checkId = randomUUID();
        await checks(
          deps,
          { type: 'RequestManagementCheck', checkId, userId: user.id, discordUserId, guildId: serverId },
          commandContext(ctx),
          { withoutReading: 'new' },
        );
        const answer: ManagementCheckStartedResponse = { checkId };
        return answer;
      },
      { rateLimit: perUser },
    ),

    on(discordApi.answerCheck, async ({ ctx, params: { checkId }, body: { guild, member } }) => {
      const { state } = await loadState(eventStore, managementCheckStream(checkId), evolveManagementCheck, {
        request: null,
        answered: false,
      });
      const request = state.request;
      const manages =
        request !== null && member !== null && member.id === request.discordUserId && managesServer(member);
      const context = commandContext(ctx);
      const { events } = await checks(deps, { type: 'AnswerManagementCheck', checkId, manages }, context);
      if (events.length > 0 && manages && request) {
        const { userId, discordUserId, guildId } = request;
        const servers = [{ guildId, name: guild.name, icon: guild.icon }];
        try {
          await proveManagement(deps, { userId, discordUserId, servers, via: 'bot-roles', complete: false }, context);
        } catch (error) {
          // unlinked while the bot looked: the answer stands, the proof no longer applies
          if (!(error instanceof DomainError && error.code === errorCodes.discordNotLinked)) throw error;
        }
      }
      const answer: ManagementCheckAnsweredResponse = { manages, changed: events.length > 0 };
      return answer;
    }),
  ];
}

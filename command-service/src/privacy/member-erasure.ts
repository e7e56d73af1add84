import {
  discordReadModels,
  type EraseMemberResponse,
  errorCodes,
  personOf,
  privacyTexts,
  projections,
  vipRoleReadModels,
  whitelistReadModels,
} from '@vip/contracts';
import { DomainError, waitForProjection } from '@vip/platform';
import type { CommandContext } from '../core/command-handler.ts';
import type { CommandDeps } from '../core/deps.ts';
import { loadFold } from '../core/load-state.ts';
import { unlinkDiscordAccount } from '../discord/discord.commands.ts';
import { discordLinkOf } from '../discord/discord.reads.ts';
import { discordAccountStream } from '../discord/discord-reservation.state.ts';
import { vipRoleFold, vipRoleStream } from '../vip-roles/vip-role.state.ts';
import { vipRoles } from '../vip-roles/vip-roles.commands.ts';
import { whitelist } from '../whitelist/whitelist.commands.ts';
import { whitelistDecider } from '../whitelist/whitelist.decider.ts';
import { whitelistStream } from '../whitelist/whitelist.state.ts';
import { erasures } from './erasure.decider.ts';
import { eraseMemberFromReadModels } from './read-model-eraser.ts';

/** Why a panel user's Discord link ended, as its event says it. */
const ERASURE_REASON = 'Discord account erased on request';
/** How long an erasure waits for the key bot to take the roles back before it answers "ask again". */
const ROLE_WAIT_MS = 30_000;
const ROLE_POLL_MS = 200;
/** How long it waits for each read model to have applied the log before taking the member out of it. */
const PROJECTION_WAIT_MS = 5_000;

/**
 * A Discord member's erasure, in the order that leaves nothing behind: their VIP windows and
 * whitelist entries end (the key bot takes the roles back: it needs their id for it, so the key
 * outlives that), their key is destroyed (every event about them now reads "erased person"),
 * the read models drop them once they have applied the log up to then, their streams'
 * snapshots go, and the log records that an erasure happened, naming nobody.
 */
export async function eraseMember(
  deps: CommandDeps,
  discordUserId: string,
  context: CommandContext,
): Promise<EraseMemberResponse> {
  const person = personOf('discord', discordUserId);
  const [windows, entries] = await Promise.all([
    deps.readStore.collection(vipRoleReadModels.vipRoles).find({ discordUserId }),
    deps.readStore.collection(whitelistReadModels.whitelist).find({ userId: discordUserId }),
  ]);
  const vipGuilds = windows.map((window) => String(window.guildId));
  const whitelistGuilds = entries.map((entry) => String(entry.guildId));
  if (!(await deps.personalKeys.find(person)) && vipGuilds.length === 0 && whitelistGuilds.length === 0)
    return {
      success: true,
      erased: false,
      message: privacyTexts.nothingLeft,
      vipWindowsEnded: 0,
      whitelistEntriesEnded: 0,
    };

  let vipWindowsEnded = 0;
  for (const guildId of vipGuilds) {
    const { events } = await vipRoles(deps, { type: 'EndVipWindow', guildId, discordUserId }, context);
    vipWindowsEnded += events.length;
  }
  let whitelistEntriesEnded = 0;
  for (const guildId of whitelistGuilds) {
    try {
      await whitelist(deps, { type: 'RemoveWhitelistEntry', userId: discordUserId, guildId }, context);
      whitelistEntriesEnded++;
    } catch (error) {
      // removed meanwhile: nothing to end
      if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
    }
  }
  await unlinkFromPanelUsers(deps, discordUserId, context);
  const held = await rolesStillHeld(deps, discordUserId, vipGuilds, whitelistGuilds);
  if (held > 0) throw new DomainError('conflict', privacyTexts.rolesStillHeld(held), errorCodes.rolesStillHeld);

  await deps.personalKeys.forget(person);
  await readModelsCaughtUp(deps);
  const guildIds = [...new Set([...vipGuilds, ...whitelistGuilds])];
  await eraseMemberFromReadModels(deps.readStore, discordUserId, guildIds);
  const streams = [
    ...guildIds.map((guildId) => vipRoleStream(guildId, discordUserId)),
    discordAccountStream(discordUserId),
  ];
  await Promise.all(streams.map((streamId) => deps.snapshotStore.remove(`stream:${streamId}`).catch(() => undefined)));
  await erasures(deps, { type: 'RecordErasure', vipWindowsEnded, whitelistEntriesEnded }, context);
  // the removed documents' old versions leave the write-ahead logs; secure_delete zeroed them in the files
  await Promise.all([deps.readStore.truncateWriteAheadLog?.(), deps.snapshotStore.truncateWriteAheadLog?.()]);
  return { success: true, erased: true, message: privacyTexts.memberErased, vipWindowsEnded, whitelistEntriesEnded };
}

/**
 * A panel user's link to the member ends too: the folds that follow links (the key bot's
 * payment reminders, the panel's avatar) let go of the member as they do at any unlink,
 * rather than keep an account whose every fact now reads "erased person".
 */
async function unlinkFromPanelUsers(deps: CommandDeps, discordUserId: string, context: CommandContext) {
  const accounts = await deps.readStore.collection(discordReadModels.discordAccounts).find({ discordUserId });
  for (const account of accounts) {
    const userId = String(account._id);
    if ((await discordLinkOf(deps.eventStore, userId)).discordUserId !== discordUserId) continue;
    await unlinkDiscordAccount(deps, { userId, reason: ERASURE_REASON }, context);
  }
}

/** Waits (bounded) for every read model to have applied the log up to its head now. */
export async function readModelsCaughtUp(deps: CommandDeps): Promise<void> {
  const head = await deps.eventStore.headPosition();
  if (head === null) return;
  await Promise.all(
    Object.values(projections).map((projection) =>
      waitForProjection(deps.readStore, projection, head, PROJECTION_WAIT_MS),
    ),
  );
}

/** Waits (bounded) for the key bot's reports; the number of servers where it still owes a removal. */
async function rolesStillHeld(
  deps: CommandDeps,
  discordUserId: string,
  vipGuilds: readonly string[],
  whitelistGuilds: readonly string[],
): Promise<number> {
  const deadline = Date.now() + ROLE_WAIT_MS;
  for (;;) {
    const owed = new Set<string>();
    for (const guildId of vipGuilds) {
      const { state } = await loadFold(deps, vipRoleStream(guildId, discordUserId), vipRoleFold);
      if (state.until !== null) owed.add(guildId);
    }
    for (const guildId of whitelistGuilds) {
      const { state } = await loadFold(deps, whitelistStream(guildId, discordUserId), whitelistDecider);
      if (!state.settled) owed.add(guildId);
    }
    if (owed.size === 0 || Date.now() >= deadline) return owed.size;
    await new Promise((resolve) => setTimeout(resolve, ROLE_POLL_MS));
  }
}

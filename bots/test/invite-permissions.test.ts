import { botPermissions, discordPermissionBits, permissionBits } from '@vip/contracts';
import { expect } from 'chai';
import { PermissionFlagsBits } from 'discord.js';

/**
 * The invite links (GET /api/site) ask Discord for the permissions each bot uses, as
 * contracts spell them without discord.js: the same bits as discord.js's flags, and what
 * the bots' code checks (the key bot warns about Manage Roles, Send Messages and Embed Links;
 * its auto ping mentions @here or a role; the poster posts embeds).
 */
describe('bots: the permissions their invite links ask for', () => {
  it('are the bits discord.js knows by the same names', () => {
    for (const [name, bit] of Object.entries(discordPermissionBits))
      expect(BigInt(bit), name).to.equal(PermissionFlagsBits[name as keyof typeof PermissionFlagsBits]);
  });

  it('cover what each bot does, and never Administrator', () => {
    expect(botPermissions.keyBot).to.include.members([
      'ViewChannel',
      'SendMessages',
      'EmbedLinks',
      'ManageRoles',
      'MentionEveryone',
    ]);
    expect(botPermissions.posterBot).to.include.members(['ViewChannel', 'SendMessages', 'EmbedLinks']);
    for (const names of [botPermissions.keyBot, botPermissions.posterBot]) {
      const bits = BigInt(permissionBits(names));
      expect(bits & PermissionFlagsBits.Administrator).to.equal(0n);
      expect(bits).to.equal(names.reduce((all, name) => all | PermissionFlagsBits[name], 0n));
    }
  });
});

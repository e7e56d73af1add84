import { botSettingsTexts } from '@vip/contracts';
import { botSettingsDecider } from '../../src/bot-settings/bot-settings.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const guildId = '200000000000000001';
const by = '300000000000000001';
const at = NOW.toISOString();

describe('bot settings decider (/setrole, /setlog)', () => {
  const spec = deciderSpec(botSettingsDecider);

  it('records the VIP role and the log channel', () => {
    spec
      .given([])
      .when({ type: 'ChooseVipRole', guildId, roleId: '500000000000000001', chosenBy: by, botPresent: true })
      .then([{ type: 'VipRoleChosen', data: { guildId, roleId: '500000000000000001', chosenBy: by, chosenAt: at } }]);
    spec
      .given([])
      .when({ type: 'SetLogChannel', guildId, channelId: '600000000000000001', setBy: by, botPresent: true })
      .then([{ type: 'LogChannelSet', data: { guildId, channelId: '600000000000000001', setBy: by, setAt: at } }]);
  });

  it('records nothing when the choice is the same as before', () => {
    spec
      .given([{ type: 'VipRoleChosen', data: { guildId, roleId: '500000000000000001', chosenBy: by, chosenAt: at } }])
      .when({ type: 'ChooseVipRole', guildId, roleId: '500000000000000001', chosenBy: by, botPresent: true })
      .then([]);
  });

  it('refuses a server the key bot is not in', () => {
    spec
      .given([])
      .when({ type: 'SetLogChannel', guildId, channelId: '600000000000000001', setBy: by, botPresent: false })
      .thenFails('not_found', botSettingsTexts.botNotInServer);
  });
});

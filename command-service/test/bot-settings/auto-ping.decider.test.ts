import { autoPingDecider } from '../../src/bot-settings/auto-ping.decider.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const guildId = '200000000000000001';
const by = '300000000000000001';
const at = NOW.toISOString();

describe('auto ping decider (/auto ping, /auto stop)', () => {
  const spec = deciderSpec(autoPingDecider);
  const start = {
    type: 'StartAutoPing' as const,
    guildId,
    channelId: '600000000000000001',
    roleId: null,
    hours: 6,
    startedBy: by,
    botPresent: true,
  };
  const started = {
    type: 'AutoPingStarted' as const,
    data: { guildId, channelId: '600000000000000001', roleId: null, hours: 6, startedBy: by, startedAt: at },
  };

  it('starts, and starting again restarts the clock', () => {
    spec.given([]).when(start).then([started]);
    spec.given([started]).when(start).then([started]);
  });

  it('stops a running ping; stopping none records nothing', () => {
    spec
      .given([started])
      .when({ type: 'StopAutoPing', guildId, stoppedBy: by })
      .then([{ type: 'AutoPingStopped', data: { guildId, stoppedBy: by, stoppedAt: at } }]);
    spec.given([]).when({ type: 'StopAutoPing', guildId, stoppedBy: by }).then([]);
  });
});

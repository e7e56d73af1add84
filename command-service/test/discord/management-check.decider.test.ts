import { discordTexts } from '@vip/contracts';
import { managementCheckDecider } from '../../src/discord/management-check.decider.ts';
import type { ManagementCheckEvent } from '../../src/discord/management-check.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const at = NOW.toISOString();
const D1 = '500000000000000001';
const G1 = '100000000000000001';
describe('management check decider (the key bot reads a member’s roles)', () => {
  const spec = deciderSpec(managementCheckDecider);
  const requested: ManagementCheckEvent = {
    type: 'ManagementCheckRequested',
    data: { checkId: 'c1', userId: 'u1', discordUserId: D1, guildId: G1, requestedAt: at },
  };

  it('is answered once with what the bot saw', () => {
    const answered: ManagementCheckEvent = {
      type: 'ManagementCheckAnswered',
      data: { checkId: 'c1', userId: 'u1', discordUserId: D1, guildId: G1, manages: true, answeredAt: at },
    };
    spec.given([requested]).when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: true }).then([answered]);
    spec.given([requested, answered]).when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: false }).then([]);
    spec
      .given([])
      .when({ type: 'AnswerManagementCheck', checkId: 'c1', manages: true })
      .thenFails('not_found', discordTexts.checkUnknown);
  });
});

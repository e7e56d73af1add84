import { type GreetingSettings, greetingTexts } from '@vip/contracts';
import { greetingDecider } from '../../src/greetings/greeting.decider.ts';
import type { GreetingEvent } from '../../src/greetings/greeting.state.ts';
import { deciderSpec, NOW } from '../support/decider-spec.ts';

const spec = deciderSpec(greetingDecider);
const GUILD = '100000000000000001';
const WELCOME = '100000000000000012';
const channels = [
  { id: '100000000000000011', name: 'general' },
  { id: WELCOME, name: 'welcome' },
];
const settings: GreetingSettings = { enabled: true, channelId: WELCOME, delay: 2, message: 'Hi {user}!' };
const configure = (change: Partial<GreetingSettings> = {}) =>
  ({ type: 'ConfigureGreeting', guildId: GUILD, settings: { ...settings, ...change }, channels }) as const;
const remove = { type: 'RemoveGreeting', guildId: GUILD } as const;
const configured = (change: Partial<GreetingSettings> = {}): GreetingEvent => ({
  type: 'GreetingConfigured',
  data: { guildId: GUILD, ...settings, ...change, configuredAt: NOW.toISOString() },
});
const removed: GreetingEvent = { type: 'GreetingRemoved', data: { guildId: GUILD, removedAt: NOW.toISOString() } };

describe('greeting decider', () => {
  // who may (the server's holder, or an admin) is the route's: the catalogue's owner auth (test/authorization-matrix.test.ts)
  it('saves the greeting with every field the key bot needs', () => {
    spec.given([]).when(configure()).then([configured()]);
  });

  it('needs one of the server’s channels (the form’s bounds are its schema’s: contracts/test/greeting-settings.test.ts)', () => {
    spec
      .given([])
      .when(configure({ channelId: '100000000000000099' }))
      .thenFails('invalid', greetingTexts.channelNotInServer);
    spec
      .given([])
      .when(configure({ enabled: false, channelId: '100000000000000099' }))
      .thenFails('invalid', greetingTexts.channelNotInServer);
  });

  it('saves a disabled greeting without a channel', () => {
    spec
      .given([])
      .when(configure({ enabled: false, channelId: null }))
      .then([configured({ enabled: false, channelId: null })]);
  });

  it('appends nothing when the same settings are saved again, and records a change', () => {
    spec.given([configured()]).when(configure()).then([]);
    spec
      .given([configured()])
      .when(configure({ delay: 3 }))
      .then([configured({ delay: 3 })]);
    spec.given([configured(), removed]).when(configure()).then([configured()]);
  });

  it('removes a greeting, and answers not found when there is none', () => {
    spec.given([configured()]).when(remove).then([removed]);
    spec.given([]).when(remove).thenFails('not_found', greetingTexts.noGreeting);
    spec.given([configured(), removed]).when(remove).thenFails('not_found', greetingTexts.noGreeting);
  });
});

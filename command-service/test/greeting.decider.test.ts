import { errorTexts, greetingTexts, type GreetingSettings } from '@vip/contracts';
import { greetingDecider, type GreetingEvent, type GreetingInputs } from '../src/greetings/greeting.decider.ts';
import { NOW, deciderSpec } from './support/decider-spec.ts';

const spec = deciderSpec(greetingDecider);
const GUILD = '100000000000000001';
const WELCOME = '100000000000000012';
const channels = [
  { id: '100000000000000011', name: 'general' },
  { id: WELCOME, name: 'welcome' },
];
const settings: GreetingSettings = { enabled: true, channelId: WELCOME, delay: 2, message: 'Hi {user}!' };
const owner: GreetingInputs = { guildId: GUILD, caller: { userId: 'u1', isAdmin: false }, ownerId: 'u1' };
const configure = (change: Partial<GreetingSettings> = {}, who: Partial<typeof owner> = {}) =>
  ({ type: 'ConfigureGreeting', ...owner, ...who, settings: { ...settings, ...change }, channels }) as const;
const configured = (change: Partial<GreetingSettings> = {}): GreetingEvent => ({
  type: 'GreetingConfigured',
  data: { guildId: GUILD, ...settings, ...change, configuredAt: NOW.toISOString() },
});
const removed: GreetingEvent = { type: 'GreetingRemoved', data: { guildId: GUILD, removedAt: NOW.toISOString() } };

describe('greeting decider', () => {
  it('saves the owner’s greeting with every field the key bot needs', () => {
    spec.given([]).when(configure()).then([configured()]);
  });

  it('lets an admin save the greeting of any server', () => {
    spec
      .given([])
      .when(configure({}, { caller: { userId: 'admin', isAdmin: true }, ownerId: null }))
      .then([configured()]);
    spec
      .given([])
      .when(configure({}, { caller: { userId: 'admin', isAdmin: true }, ownerId: 'u2' }))
      .then([configured()]);
  });

  it('refuses another subscriber, and anyone on an unclaimed server', () => {
    spec
      .given([])
      .when(configure({}, { ownerId: 'u2' }))
      .thenFails('forbidden', errorTexts.notYourServer);
    spec
      .given([])
      .when(configure({}, { ownerId: null }))
      .thenFails('forbidden', errorTexts.notYourServer);
    spec
      .given([configured()])
      .when({ type: 'RemoveGreeting', ...owner, ownerId: 'u2' })
      .thenFails('forbidden', errorTexts.notYourServer);
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
    spec
      .given([configured()])
      .when({ type: 'RemoveGreeting', ...owner })
      .then([removed]);
    spec
      .given([])
      .when({ type: 'RemoveGreeting', ...owner })
      .thenFails('not_found', greetingTexts.noGreeting);
    spec
      .given([configured(), removed])
      .when({ type: 'RemoveGreeting', ...owner })
      .thenFails('not_found', greetingTexts.noGreeting);
  });
});

import { type DomainEvent, greetingReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { greetingsProjectors } from '../../src/read-models/greetings/index.ts';
import { deliveredOneByOne, givenProjected, recorded } from '../support/projection-spec.ts';

const [S1, S3] = ['100000000000000001', '100000000000000003'];
const channels = [{ id: '100000000000000011', name: 'general' }];
const greeting = (guildId: string, enabled: boolean): DomainEvent => ({
  type: 'GreetingConfigured',
  data: {
    guildId,
    enabled,
    channelId: channels[0].id,
    delay: 2,
    message: 'Hi {user}',
    configuredAt: '2026-11-22T10:00:00.000Z',
  },
});

const everything: DomainEvent[] = [
  greeting(S1, true),
  greeting(S3, false),
  { type: 'GreetingRemoved', data: { guildId: S3, removedAt: '2026-11-22T12:00:00.000Z' } },
];

describe('greetings projection', () => {
  it('keeps each configured greeting, drops a removed one', async () => {
    const store = await givenProjected(greetingsProjectors, everything);
    expect(await store.collection(greetingReadModels.greetings).find({})).to.deep.equal([
      {
        _id: S1,
        enabled: true,
        channelId: channels[0].id,
        delay: 2,
        message: 'Hi {user}',
        configuredAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });

  it('gives the same read model when every event is delivered twice', async () => {
    const once = await givenProjected(greetingsProjectors, everything);
    const twice = await givenProjected(greetingsProjectors, []);
    await deliveredOneByOne(twice, greetingsProjectors, recorded(everything), 2);
    const greetings = (store: typeof once) =>
      store.collection(greetingReadModels.greetings).find({}, { sort: { _id: 1 } });
    expect(await greetings(twice)).to.deep.equal(await greetings(once));
  });
});

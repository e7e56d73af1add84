import { type DomainEvent, verificationMessageReadModels } from '@vip/contracts';
import { expect } from 'chai';
import { verificationMessagesProjector } from '../../src/read-models/verification-message/verification-messages.projector.ts';
import { givenProjected } from '../support/projection-spec.ts';

const A = '876543210987654321';

describe('verification messages projection', () => {
  const configured: DomainEvent = {
    type: 'VerificationMessageConfigured',
    data: {
      guildId: A,
      title: 'Hello',
      description: 'Press the button',
      buttonLabel: 'Go',
      color: 0x00aa11,
      configuredAt: '2026-11-01T00:00:00Z',
    },
  };
  const reset: DomainEvent = {
    type: 'VerificationMessageReset',
    data: { guildId: A, resetAt: '2026-11-02T00:00:00Z' },
  };
  const list = async (events: DomainEvent[]) =>
    (await givenProjected([verificationMessagesProjector], events))
      .collection(verificationMessageReadModels.verificationMessages)
      .find({});

  it('holds the custom message with its colour as #rrggbb, and a reset deletes it', async () => {
    expect(await list([configured])).to.deep.equal([
      {
        _id: A,
        title: 'Hello',
        description: 'Press the button',
        buttonLabel: 'Go',
        color: '#00aa11',
        configuredAt: '2026-11-01T00:00:00Z',
      },
    ]);
    expect(await list([configured, reset])).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { configDefaults, GREETING_MESSAGE_MAX, greetingSettingsRequestSchema, greetingTexts } from '../src/index.ts';

const WELCOME = '100000000000000012';
const settings = { enabled: true, channelId: WELCOME, delay: 2, message: 'Hi {user}!' };
/** The text a route answers with (platform's validate: the first problem's). */
const problem = (change: Record<string, unknown>) =>
  greetingSettingsRequestSchema.safeParse({ ...settings, ...change }).error?.issues[0]?.message ?? null;

describe('the greeting form’s bounds (checked once, by the route’s schema)', () => {
  it('keeps the delay within its seconds, whole', () => {
    const { min, max } = configDefaults.greetingDelaySeconds;
    for (const delay of [min - 1, max + 1, 1.5, 'soon'])
      expect(problem({ delay }), String(delay)).to.equal(greetingTexts.delayRange);
    for (const delay of [min, max]) expect(problem({ delay })).to.equal(null);
  });

  it('keeps the message within 1 to 2000 characters, not blank', () => {
    for (const message of ['', '   ', 'x'.repeat(GREETING_MESSAGE_MAX + 1)])
      expect(problem({ message }), JSON.stringify(message)).to.equal(greetingTexts.messageLength);
    expect(problem({ message: 'x'.repeat(GREETING_MESSAGE_MAX) })).to.equal(null);
  });

  it('needs a channel when enabled, and saves a disabled greeting without one', () => {
    for (const channelId of [null, '', undefined])
      expect(problem({ channelId }), String(channelId)).to.equal(greetingTexts.selectChannel);
    expect(problem({ enabled: false, channelId: null })).to.equal(null);
    expect(greetingSettingsRequestSchema.parse({ ...settings, enabled: false, channelId: '' }).channelId).to.equal(
      null,
    );
  });

  it('says what is wrong with a field before asking for a channel', () => {
    expect(problem({ channelId: null, delay: 0 })).to.equal(greetingTexts.delayRange);
  });
});

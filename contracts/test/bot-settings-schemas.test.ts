import { expect } from 'chai';
import {
  botLimits,
  botSettingsTexts,
  scheduleVideoPostRequestSchema,
  startAutoPingRequestSchema,
} from '../src/index.ts';

const id = '600000000000000001';
/** The text a route answers with (platform's validate: the first problem's). */
const problem = (
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: object,
) => schema.safeParse(input).error?.issues[0]?.message ?? null;

describe('the bots’ schedules’ bounds (checked once, by the routes’ schemas)', () => {
  it('keeps an auto ping’s interval within its hours, whole', () => {
    const start = { channelId: id, hours: 6, startedBy: id };
    const { min, max } = botLimits.autoPingHours;
    for (const hours of [min - 1, max + 1, 1.5])
      expect(problem(startAutoPingRequestSchema, { ...start, hours })).to.equal(botSettingsTexts.autoPingHours);
    for (const hours of [min, max]) expect(problem(startAutoPingRequestSchema, { ...start, hours })).to.equal(null);
  });

  it('keeps a video post’s repeat between an hour and thirty days, or none', () => {
    const schedule = {
      guildId: id,
      channelId: id,
      url: 'https://v.example/1',
      firstAt: '2026-11-01T10:00:00Z',
      scheduledBy: id,
    };
    const repeat = (repeatMinutes: number | null) =>
      problem(scheduleVideoPostRequestSchema, { ...schedule, repeatMinutes });
    expect(repeat(botLimits.minRepeatMinutes - 1)).to.equal(botSettingsTexts.repeatTooShort);
    expect(repeat(botLimits.maxRepeatMinutes + 1)).to.equal(botSettingsTexts.repeatTooLong);
    for (const fine of [botLimits.minRepeatMinutes, botLimits.maxRepeatMinutes, null])
      expect(repeat(fine)).to.equal(null);
  });
});

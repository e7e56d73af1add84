import { createLogger } from '@vip/platform';
import { expect } from 'chai';
import { nextPingAt } from '../src/key-bot/auto-ping.ts';
import { renderGreeting } from '../src/key-bot/greetings.ts';
import { parseDuration, parseWhen } from '../src/poster-bot/time-input.ts';
import { nextSlot, slotDue, type VideoPost } from '../src/poster-bot/video-schedule.ts';
import { DueTimers } from '../src/shared/due-timers.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-22T12:00:00.000Z');
const post = (overrides: Partial<VideoPost> = {}): VideoPost => ({
  postId: 'p',
  guildId: 'g',
  channelId: 'c',
  url: 'https://v.example',
  title: null,
  description: null,
  imageUrl: null,
  repostOf: null,
  firstAt: T0,
  repeatMinutes: 60,
  scheduledBy: 'u',
  scheduledAt: T0,
  lastDueAt: null,
  lastPostedAt: null,
  timesPosted: 0,
  cancelled: false,
  ...overrides,
});

describe('video post slots', () => {
  it('the first slot is firstAt, then every repeat after the last one filled', () => {
    expect(nextSlot(post())).to.equal(T0);
    expect(nextSlot(post({ lastDueAt: T0 }))).to.equal(T0 + HOUR);
    expect(nextSlot(post({ repeatMinutes: null, lastDueAt: T0 }))).to.equal(null);
  });

  it('after five hours down, one post for the latest missed slot, never a burst', () => {
    const now = T0 + 5 * HOUR + 10 * 60_000;
    const waiting = post({ lastDueAt: T0 });
    expect(slotDue(waiting, now)).to.equal(T0 + 5 * HOUR);
    // once that slot is filled, nothing more is due until the next one
    expect(slotDue({ ...waiting, lastDueAt: T0 + 5 * HOUR }, now)).to.equal(null);
    expect(nextSlot({ ...waiting, lastDueAt: T0 + 5 * HOUR })).to.equal(T0 + 6 * HOUR);
  });

  it('nothing is due before its time, after a cancel, or after a one-off was sent', () => {
    expect(slotDue(post(), T0 - 1)).to.equal(null);
    expect(slotDue(post({ cancelled: true }), T0 + HOUR)).to.equal(null);
    expect(slotDue(post({ repeatMinutes: null, lastDueAt: T0 }), T0 + 9 * HOUR)).to.equal(null);
    expect(slotDue(post({ repeatMinutes: null }), T0 + 9 * HOUR)).to.equal(T0);
  });
});

describe('/postvideo times', () => {
  it('reads durations', () => {
    expect(parseDuration('90m')).to.equal(90 * 60_000);
    expect(parseDuration('1h 30m')).to.equal(90 * 60_000);
    expect(parseDuration('1w')).to.equal(7 * 24 * HOUR);
    expect(parseDuration('soon')).to.equal(null);
    expect(parseDuration('0m')).to.equal(null);
  });

  it('reads now, delays, times of day (UTC) and dates', () => {
    expect(parseWhen('now', T0)).to.equal(T0);
    expect(parseWhen('in 2h', T0)).to.equal(T0 + 2 * HOUR);
    expect(parseWhen('18:30', T0)).to.equal(Date.parse('2026-11-22T18:30:00.000Z'));
    expect(parseWhen('09:00', T0), 'already passed today: tomorrow').to.equal(Date.parse('2026-11-23T09:00:00.000Z'));
    expect(parseWhen('2026-12-01 08:00', T0)).to.equal(Date.parse('2026-12-01T08:00:00.000Z'));
    expect(parseWhen('2026-12-01T08:00+02:00', T0)).to.equal(Date.parse('2026-12-01T06:00:00.000Z'));
    expect(parseWhen('25:00', T0)).to.equal(null);
    expect(parseWhen('tomorrow', T0)).to.equal(null);
  });
});

describe('greeting template', () => {
  it('fills {user} with a mention, {server.name} and {membercount}, in one pass', () => {
    const values = { userId: '42', serverName: 'My {user} Server', memberCount: 17 };
    expect(renderGreeting('Welcome {user} to {server.name}! You are our {membercount}th member!', values)).to.equal(
      'Welcome <@42> to My {user} Server! You are our 17th member!',
    );
    expect(renderGreeting('{user} {user} {unknown}', values)).to.equal('<@42> <@42> {unknown}');
  });
});

describe('auto ping slots', () => {
  it('pings every interval from the start, skipping slots the bot missed', () => {
    expect(nextPingAt(T0, 2 * HOUR, T0)).to.equal(T0 + 2 * HOUR);
    expect(nextPingAt(T0, 2 * HOUR, T0 + 2 * HOUR)).to.equal(T0 + 4 * HOUR);
    expect(nextPingAt(T0, 2 * HOUR, T0 + 7 * HOUR)).to.equal(T0 + 8 * HOUR);
  });
});

describe('due timers', () => {
  const logger = createLogger('test', 'silent');

  it('run nothing before start, then everything overdue, earliest first; a moved key runs at its new time', async () => {
    const ran: string[] = [];
    const timers = new DueTimers<string>(async (key) => void ran.push(key), logger, 'test');
    timers.set('b', Date.now() - 10);
    timers.set('a', Date.now() - 20);
    timers.set('later', Date.now() + 60);
    timers.set('moved', Date.now() - 5);
    timers.set('moved', Date.now() + 200);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ran).to.deep.equal([]);
    timers.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(ran).to.deep.equal(['a', 'b', 'later']);
    timers.delete('moved');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).to.deep.equal(['a', 'b', 'later']);
    timers.stop();
  });

  it('a failing task is logged and does not stop the others', async () => {
    const ran: string[] = [];
    const timers = new DueTimers<string>(
      async (key) => {
        if (key === 'bad') throw new Error('boom');
        ran.push(key);
      },
      logger,
      'test',
    );
    timers.set('bad', Date.now() - 2);
    timers.set('good', Date.now() - 1);
    timers.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).to.deep.equal(['good']);
    timers.stop();
  });
});

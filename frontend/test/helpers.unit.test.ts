import { expect } from 'chai';
import { hostKindOf } from '../src/app/host.ts';
import { safeExternalUrl } from '../src/app/siteConfig.ts';
import { previewParts } from '../src/features/greetings/greetingDefaults.ts';
import { formatChange, niceCeiling } from '../src/features/stats/figures.ts';
import { countdownTo, formatCountdown, formatDate, formatDay } from '../src/lib/dates.ts';

describe('frontend: dates (spec §9)', () => {
  it('formats every non-announcement date as DD.MM.YYYY in UTC', () => {
    expect(formatDate('2026-11-22T14:05:00.000Z')).to.equal('22.11.2026');
    // late in the evening west of UTC, or just after midnight UTC: still the UTC day
    expect(formatDate('2026-01-03T00:30:00.000Z')).to.equal('03.01.2026');
    expect(formatDate('2026-12-31T23:59:59.999Z')).to.equal('31.12.2026');
    expect(formatDate(Date.UTC(2025, 2, 28))).to.equal('28.03.2025');
    expect(formatDate(null)).to.equal('');
    expect(formatDate('not a date')).to.equal('');
    expect(formatDay('2026-11-05')).to.equal('05.11.2026');
  });

  it('counts down in days, hours, minutes and seconds, and floors at 0 (coarse while days are left)', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    const left = countdownTo(new Date(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString(), now);
    expect(left).to.deep.include({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatCountdown(left)).to.equal('2 days, 3 hours');
    const past = countdownTo(new Date(now - 5000).toISOString(), now);
    expect(past).to.deep.equal({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 });
    expect(formatCountdown(past)).to.equal('0h 00m 00s');
    expect(countdownTo('garbage', now).totalMs).to.equal(0);
  });
});

describe('frontend: greeting preview', () => {
  it('renders {user} as a mention and fills in the server name and member count', () => {
    expect(
      previewParts('Welcome {user} to {server.name}! You are our {membercount}th member!', 'Demo Server', 1234),
    ).to.deep.equal([
      { kind: 'text', text: 'Welcome ' },
      { kind: 'mention', text: '@NewMember' },
      { kind: 'text', text: ' to ' },
      { kind: 'value', text: 'Demo Server' },
      { kind: 'text', text: '! You are our ' },
      { kind: 'value', text: '1234' },
      { kind: 'text', text: 'th member!' },
    ]);
    expect(previewParts('{membercount}', 'X', null)).to.deep.equal([{ kind: 'value', text: '{membercount}' }]);
    expect(previewParts('', 'X', 1)).to.deep.equal([]);
  });
});

describe('frontend: statistics figures', () => {
  it('shows a change with its sign, and "—" when there is nothing to compare with', () => {
    expect(formatChange(null)).to.equal('—');
    expect(formatChange(0)).to.equal('0%');
    expect(formatChange(12.5)).to.equal('+12.5%');
    expect(formatChange(-40)).to.equal('−40%');
    expect(formatChange(1234.5)).to.equal('+1,234.5%');
  });

  it('rounds a chart axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 42, 99, 501].map(niceCeiling)).to.deep.equal([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 1000,
    ]);
  });
});

describe('frontend: hosts and links', () => {
  it('reads the host special cases from the first label of the host name (spec §2)', () => {
    expect(hostKindOf('invite.example.com')).to.equal('invite');
    expect(hostKindOf('Poster.example.com')).to.equal('poster');
    expect(hostKindOf('status.localhost')).to.equal('status');
    expect(hostKindOf('example.com')).to.equal('main');
    expect(hostKindOf('127.0.0.1')).to.equal('main');
    expect(hostKindOf('inviter.example.com')).to.equal('main');
  });

  it('follows only http(s) addresses', () => {
    expect(safeExternalUrl('https://sponsor.example/x')).to.equal('https://sponsor.example/x');
    expect(safeExternalUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeExternalUrl('not a url')).to.equal(undefined);
  });
});

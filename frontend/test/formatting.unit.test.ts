import { eventTypeNames } from '@vip/contracts/plain';
import { expect } from 'chai';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { camelCaseWords, eventTypeGroups, valueWords } from '../src/features/audit/auditWords.ts';
import {
  countdownTo,
  dayOfInput,
  formatAnnouncementDate,
  formatCountdown,
  formatDateTime,
  inputOfDay,
} from '../src/lib/dates.ts';
import { renderMarkdown } from '../src/lib/markdown.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(text)));

describe('frontend: one voice for dates and times', () => {
  it('names the zone of every time, announcements included', () => {
    expect(formatDateTime('2026-11-28T04:22:00.000Z')).to.equal('28.11.2026 04:22 UTC');
    expect(formatAnnouncementDate('2026-11-28T04:22:00.000Z')).to.equal('Nov 28, 2026, 04:22 UTC');
    // the same instant reads the same whatever the reader's zone
    expect(formatAnnouncementDate('2026-01-03T00:07:00.000Z')).to.equal('Jan 3, 2026, 00:07 UTC');
  });

  it('counts a long span in days and hours, and only the last day to the second', () => {
    const now = Date.UTC(2026, 0, 1);
    const month = countdownTo(new Date(now + ((29 * 24 + 4) * 3600 + 59 * 60 + 59) * 1000), now);
    expect(formatCountdown(month)).to.equal('29 days, 4 hours');
    expect(formatCountdown(countdownTo(new Date(now + (24 * 3600 + 3600) * 1000), now))).to.equal('1 day, 1 hour');
    expect(formatCountdown(countdownTo(new Date(now + (3 * 3600 + 4 * 60 + 5) * 1000), now))).to.equal('3h 04m 05s');
    expect(formatCountdown(countdownTo(new Date(now - 5000), now))).to.equal('0h 00m 00s');
  });

  it('reads a typed date as DD.MM.YYYY, and refuses one that is no day', () => {
    expect(dayOfInput('28.11.2026')).to.equal('2026-11-28');
    expect(dayOfInput(' 3.1.2026 ')).to.equal('2026-01-03');
    expect(dayOfInput('31.02.2026')).to.equal(null);
    expect(dayOfInput('2026-11-28')).to.equal(null);
    expect(dayOfInput('11/28/2026')).to.equal(null);
    expect(inputOfDay('2026-11-28')).to.equal('28.11.2026');
  });
});

describe('frontend: announcements in markdown, safely', () => {
  it('renders bold, italics, code and links', () => {
    expect(html('**bold**, *italics*, _also_ and `code`')).to.equal(
      '<p><strong>bold</strong>, <em>italics</em>, <em>also</em> and <code>code</code></p>',
    );
    expect(html('See [the docs](https://example.com/docs) or https://example.com/x.')).to.equal(
      '<p>See <a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">the docs</a>' +
        ' or <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">https://example.com/x</a>.</p>',
    );
    expect(html('**bold with *italics* inside**')).to.equal(
      '<p><strong>bold with <em>italics</em> inside</strong></p>',
    );
  });

  it('keeps paragraphs and line breaks, and leaves plain words alone', () => {
    expect(html('one\ntwo\n\nthree')).to.equal('<p>one<br/>two</p><p>three</p>');
    expect(html('snake_case_name and 2 * 3 * 4')).to.equal('<p>snake_case_name and 2 * 3 * 4</p>');
  });

  it('never lets HTML or a script address through', () => {
    expect(html('<img src=x onerror=alert(1)> <b>hi</b>')).to.equal(
      '<p>&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;hi&lt;/b&gt;</p>',
    );
    expect(html('[click](javascript:alert(1))')).to.equal('<p>[click](javascript:alert(1))</p>');
    expect(html('[x](data:text/html,hi)')).to.equal('<p>[x](data:text/html,hi)</p>');
    expect(html('`<script>`')).to.equal('<p><code>&lt;script&gt;</code></p>');
  });
});

describe('frontend: the audit trail in words', () => {
  it('names event types in words, grouped, each once, billing only where Stripe is on', () => {
    expect(camelCaseWords('VipRoleGranted')).to.equal('VIP role granted');
    expect(camelCaseWords('KeyGenerated')).to.equal('Key generated');
    const all = eventTypeGroups(true).flatMap((group) => group.types.map((type) => type.value));
    expect([...all].sort()).to.deep.equal([...eventTypeNames].sort());
    expect(eventTypeGroups(true).map((group) => group.label)).to.not.include('Other');
    const withoutBilling = eventTypeGroups(false).flatMap((group) => group.types.map((type) => type.value));
    expect(withoutBilling.some((type) => type.startsWith('Billing'))).to.equal(false);
    expect(withoutBilling).to.have.length(eventTypeNames.filter((type) => !type.startsWith('Billing')).length);
  });

  it('shows a change value by name and with its unit', () => {
    const names = { 'user-1': 'alice', '420000000000000001': 'welcome' };
    expect(valueWords('ownerId', 'user-1', names)).to.equal('alice');
    expect(valueWords('channelId', '420000000000000001', names)).to.equal('#welcome');
    expect(valueWords('delay', 2, names)).to.equal('2 s');
    expect(valueWords('enabled', true, names)).to.equal('yes');
    expect(valueWords('channelId', null, names)).to.equal('not set');
  });
});

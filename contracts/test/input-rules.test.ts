import { expect } from 'chai';
import { z as zod } from 'zod';
import { notPlainText, plainText, plainTextProblem, snowflake } from '../src/api/input-rules.ts';
import { apiCatalogue } from '../src/index.ts';
import { type Field, hostileTexts, inputFields } from './input-fields.ts';

/** Fields whose strings are never shown to anyone: secrets, hashed or compared, and protocol tokens. */
const NOT_SHOWN = new Set(['password', 'currentPassword', 'code', 'state', 'key', 'hash']);
/** Field names that hold a Discord id. */
const DISCORD_ID =
  /(guild|server|channel|role|message|discordUser|member)Ids?$|^(chosen|set|started|stopped|scheduled|cancelled|reposted)By$/;

const allFields = apiCatalogue.flatMap(inputFields);
/** A field's schema takes a one-element list where a list is expected, so a text inside a list is tried too. */
const tried = (field: Field, value: string) =>
  field.schema.safeParse(value).success || field.schema.safeParse([value]).success;

describe('input rules of every route (issue #13 item 8)', () => {
  it('finds the text fields of the catalogue', () => {
    const names = new Set(allFields.map((field) => field.name));
    for (const expected of ['title', 'content', 'message', 'reason', 'serverId', 'guildId'])
      expect(names, expected).to.include(expected);
  });

  for (const [kind, text] of Object.entries(hostileTexts)) {
    it(`no free-text field takes ${kind}`, () => {
      const accepting = allFields
        .filter((field) => !NOT_SHOWN.has(field.name))
        .filter((field) => tried(field, text))
        .map((field) => `${field.route} ${field.path}`);
      expect([...new Set(accepting)]).to.deep.equal([]);
    });
  }

  it('every Discord id is a snowflake: 17 to 20 digits, nothing else', () => {
    const ids = allFields.filter((field) => DISCORD_ID.test(field.name));
    expect(ids.map((field) => field.name)).to.include.members(['serverId', 'guildId', 'channelId']);
    const loose = ids
      .filter((field) =>
        [
          '1234',
          '1'.repeat(21),
          '12345678901234567\u0000',
          '<b>123456789012345678</b>',
          '\u202E123456789012345678',
        ].some((bad) => tried(field, bad)),
      )
      .map((field) => `${field.route} ${field.path}`);
    expect([...new Set(loose)]).to.deep.equal([]);
  });

  it('plain text keeps newlines, tabs, CRLF, emoji joined by one zero-width joiner, and right-to-left script', () => {
    for (const fine of [
      'Welcome!\n\tRead the #rules',
      'line one\r\nline two',
      '👨\u200D👩\u200D👧 family',
      'שלום עולם',
      'میخواهم',
    ])
      expect(plainTextProblem(fine), fine).to.equal(null);
    for (const [kind, text] of Object.entries(hostileTexts)) expect(plainTextProblem(text), kind).to.not.equal(null);
  });

  it('refuses with a text naming the field', () => {
    const title = plainText(zod.string(), 'Title');
    const refused = title.safeParse('a\u202Eb');
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0].message).to.equal(notPlainText('Title'));
    expect(snowflake('Invalid server ID').safeParse(' 123456789012345678 ').data).to.equal('123456789012345678');
  });
});

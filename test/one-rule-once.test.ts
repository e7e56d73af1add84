import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * A rule is written once and imported: a second copy drifts from the first the day one of them
 * changes. The Discord id pattern lives in contracts/src/discord-id.ts alone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const here = 'test/one-rule-once.test.ts';
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && file !== here);

function writtenIn(pattern: RegExp): string[] {
  return sources.filter((file) => {
    try {
      return pattern.test(readFileSync(join(root, file), 'utf8'));
    } catch {
      return false; // a file deleted in the work tree but not yet in the index
    }
  });
}

describe('Each rule is written once', () => {
  it('writes the Discord id pattern only in contracts/src/discord-id.ts', () => {
    expect(writtenIn(/\\d\{17,20\}/)).to.deep.equal(['contracts/src/discord-id.ts']);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * An export nobody uses is code a maintainer reads, keeps and fears to change for nothing:
 * every name a source file exports is used somewhere, in its own file or another (a test
 * counts: what a test alone uses is still held by it).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));
const isTest = (file: string) => /(^|\/)test\/|\.test\.tsx?$/.test(file);
const declaration =
  /^export (?:declare )?(?:default )?(?:async )?(?:function\*? |const |let |class |abstract class |interface |type |enum )([A-Za-z_$][\w$]*)/gm;

describe('No export is used nowhere', () => {
  it('each exported name appears again somewhere in the repository', () => {
    const texts = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
    const uses = new Map<string, number>();
    for (const text of texts.values())
      for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) uses.set(word, (uses.get(word) ?? 0) + 1);
    const unused: string[] = [];
    for (const [file, text] of texts) {
      if (isTest(file)) continue;
      for (const [, name] of text.matchAll(declaration)) if (uses.get(name) === 1) unused.push(`${file}: ${name}`);
    }
    expect(unused).to.deep.equal([]);
  });
});

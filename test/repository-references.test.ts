import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * A clone of the project holds everything it points to: every link of the README and docs/
 * resolves inside the repository, and every document the source cites ("decisions.md §9",
 * "spec §2", "architecture.md") is one of docs/, with the section it names.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|md|json|ya?ml|conf|css|html|sh)$|^\.ci\/run$|^Dockerfile$/.test(file))
  .filter((file) => !file.startsWith('bench/results/') && file !== 'package-lock.json')
  .filter((file) => existsSync(join(root, file)));
const text = (file: string) => readFileSync(join(root, file), 'utf8');

const sectionsOf = (doc: string) => new Set([...text(doc).matchAll(/^## (\d+)\./gm)].map((match) => match[1]));
const headingsOf = (doc: string) =>
  new Set([...text(doc).matchAll(/^#+ (.+)$/gm)].map((match) => match[1].trim().toLowerCase()));

describe('The repository stands alone', () => {
  it('points at no file outside the repository', () => {
    const outside = tracked.flatMap((file) =>
      text(file)
        .split('\n')
        .map((line, index) => ({ file, line: index + 1, text: line }))
        .filter(({ text: line }) => /shared\/(design|spec)|ARCHITECTURE\.md|product-spec\.md/.test(line)),
    );
    expect(outside.map(({ file, line, text: l }) => `${file}:${line}: ${l.trim()}`)).to.deep.equal([]);
  });

  it('resolves every relative link of the README and docs/', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith('.md'))) {
      for (const [, target] of text(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const at = resolve(root, dirname(file), path);
        if (!at.startsWith(root) || !existsSync(at)) broken.push(`${file}: ${target}`);
        else if (anchor && at.endsWith('.md')) {
          const slugs = [...headingsOf(at.slice(root.length + 1))].map((h) =>
            h.replace(/[^\w\s-]/g, '').replace(/\s+/g, '-'),
          );
          if (!slugs.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('cites only sections that docs/decisions.md and docs/product.md hold', () => {
    const decisions = sectionsOf('docs/decisions.md');
    const product = sectionsOf('docs/product.md');
    const missing: string[] = [];
    for (const file of tracked) {
      for (const [cite, n] of text(file).matchAll(/decisions(?:\.md)? §(\d+)/g)) {
        if (!decisions.has(n)) missing.push(`${file}: ${cite}`);
      }
      for (const [cite, n] of text(file).matchAll(/spec §(\d+)/g)) {
        if (!product.has(n)) missing.push(`${file}: ${cite}`);
      }
    }
    expect(decisions.size, 'docs/decisions.md numbers its sections').to.be.greaterThan(10);
    expect(missing).to.deep.equal([]);
  });
});

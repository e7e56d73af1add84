import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const source = path.resolve(import.meta.dirname, '../src');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(at);
    return entry.name.endsWith('.css') ? [at] : [];
  });
}

/** The rules outside any at-rule, as "selector { declarations }" with whitespace and comments dropped. */
function topLevelRules(css: string): { selector: string; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: { selector: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) selector = text.slice(start, i);
      depth++;
      if (depth === 1) start = i + 1;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) {
        const name = selector.trim().replace(/\s+/g, ' ');
        if (!name.startsWith('@'))
          rules.push({ selector: name, body: text.slice(start, i).replace(/\s+/g, ' ').trim() });
        start = i + 1;
      }
    }
  }
  return rules;
}

describe('stylesheets: each rule written once', () => {
  it('no selector is styled twice from the top level of the stylesheets', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of stylesheets(source)) {
      const name = path.relative(source, file);
      for (const { selector, body } of topLevelRules(fs.readFileSync(file, 'utf8'))) {
        const first = seen.get(selector);
        if (first !== undefined) twice.push(`${selector} { ${body} } (${first}, ${name})`);
        seen.set(selector, name);
      }
    }
    expect(twice).to.deep.equal([]);
  });
});

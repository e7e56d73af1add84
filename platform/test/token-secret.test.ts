import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { resolveJwtSecret } from '../src/auth/session-tokens.ts';

/**
 * Issue #19 item 16: the generated token secret was created and then written, two steps; a
 * replica starting between them read an empty secret and could never sign a token. Here a
 * file write is what the system makes of it (the file is created, then filled) and a second
 * replica starts exactly between the two.
 */
describe('the generated token secret', () => {
  let dataDir: string;
  const writeFileSync = fs.writeFileSync;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-secret-'));
  });
  afterEach(() => {
    fs.writeFileSync = writeFileSync;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is never read half written by a replica that starts at the same instant', () => {
    let other: string | undefined;
    let started = false;
    fs.writeFileSync = ((file: fs.PathOrFileDescriptor, data: string, options?: fs.WriteFileOptions) => {
      if (typeof file !== 'string' || !file.startsWith(dataDir) || started) return writeFileSync(file, data, options);
      started = true;
      // the first step of a write: the file exists, empty; then the other replica starts
      const flag = typeof options === 'object' && options?.flag ? options.flag : 'w';
      fs.closeSync(fs.openSync(file, flag, 0o600));
      other = resolveJwtSecret(undefined, dataDir);
      writeFileSync(file, data, { ...(typeof options === 'object' ? options : {}), flag: 'w' });
    }) as typeof fs.writeFileSync;

    const first = resolveJwtSecret(undefined, dataDir);
    expect(other, 'the replica that started meanwhile').to.be.a('string').with.length.greaterThan(20);
    expect(first).to.equal(other);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).to.equal(first);
    // nothing is left beside it
    expect(fs.readdirSync(dataDir)).to.deep.equal(['jwt-secret']);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).to.equal(0o600);
  });

  it('is generated once and read back on later starts; JWT_SECRET wins', () => {
    const generated = resolveJwtSecret(undefined, dataDir);
    expect(resolveJwtSecret(undefined, dataDir)).to.equal(generated);
    expect(resolveJwtSecret('configured', dataDir)).to.equal('configured');
  });

  it('refuses an empty secret file instead of signing with an empty key', () => {
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), '', { mode: 0o600 });
    expect(() => resolveJwtSecret(undefined, dataDir)).to.throw(/jwt-secret is empty/);
  });
});

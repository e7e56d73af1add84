import { canonicalCode, randomCodePattern } from '@vip/contracts';
import { randomCode } from '@vip/platform';
import { expect } from 'chai';
import fc from 'fast-check';

describe('key and access hash spelling', () => {
  it('keeps a generated code as it is', () => {
    for (let i = 0; i < 100; i++) {
      const code = randomCode(16);
      expect(code).to.match(randomCodePattern);
      expect(canonicalCode(code)).to.equal(code);
    }
  });

  it('finds the code again however a person pasted it', () => {
    const code = 'AB0C-1DEF-GH12-3456-789J-KMNP-QR';
    for (const pasted of [
      ' ab0c-1def-gh12-3456-789j-kmnp-qr ',
      'AB0C1DEFGH123456789JKMNPQR',
      'ABOC-IDEF-GH12-3456-789J-KMNP-QR',
      'AB0C 1DEF GH12 3456 789J KMNP QR',
      'ab0c-ldef-gh12-3456-789j-kmnp-qr',
    ]) {
      expect(canonicalCode(pasted), pasted).to.equal(code);
    }
  });

  it('gives null for anything that cannot be a code, never throwing', () => {
    for (const bad of [
      '',
      'short',
      'AB0C-1DEF-GH12-3456-789J-KMNP-QRS',
      'AB0C-1DEF-GH12-3456-789J-KMNP-Q!',
      'U'.repeat(26),
      '../../etc/passwd',
    ]) {
      expect(canonicalCode(bad), bad).to.equal(null);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (input) => {
        const canonical = canonicalCode(input);
        return canonical === null || canonicalCode(canonical) === canonical;
      }),
    );
  });
});

import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read: 2 is Argon2id
const ARGON2ID = 2 as Algorithm;

import { randomBytes } from 'node:crypto';

/** Passwords are kept only as argon2id hashes (decisions.md §4). */
export const passwords = {
  hash: (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID }),
  verify: async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
  /** A readable random password (~120 bits) for generated accounts. */
  generate: (): string => randomBytes(15).toString('base64url'),
};

/**
 * A hash that takes as long to verify as a real one, so that an unknown username costs the
 * same time as a wrong password (no user enumeration by timing).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= passwords.hash(randomBytes(16).toString('hex'));
  return decoyHash;
}

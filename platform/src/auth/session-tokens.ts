import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

/** Signs and checks the bearer tokens of signed-in sessions (HS256 JWT with an expiry). */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly sessionHours: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, sessionId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(now.getTime() + this.sessionHours * 3600_000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return null;
      return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }
}

/**
 * JWT_SECRET, or in embedded mode a secret generated once and kept in the data dir, so that
 * sessions survive restarts without any setup. The file appears whole or not at all: the
 * secret is written to a file of its own and then linked under its name, which fails when
 * another process linked its secret first (issue #19 item 16: created and then written, a
 * replica starting between the two steps read it empty). That one's secret is then used.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return readSecret(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const written = path.join(dataDir, `.jwt-secret-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    fs.writeFileSync(written, secret, { mode: 0o600, flag: 'wx' });
    fs.linkSync(written, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file);
    throw error;
  } finally {
    fs.rmSync(written, { force: true });
  }
}

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (!secret)
    throw new Error(
      `${file} is empty: delete it to have a new secret generated (every session ends), or set JWT_SECRET`,
    );
  return secret;
}

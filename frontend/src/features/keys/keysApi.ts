import { keysPaths, serversPaths } from '@vip/contracts/plain';
import { requestJson } from '../../lib/http.ts';

/**
 * The key page's anonymous calls (spec §7), each answering what its route says. Plain fetch
 * rather than the RTK Query apiSlice: see lib/http.ts for why the visitor pages stay free of Redux.
 */
export const keysApi = {
  getServer: (serverId: string, signal?: AbortSignal) =>
    requestJson(serversPaths.serverInfo, { params: { id: serverId } }, { signal }),
  generateHash: (serverId: string, signal?: AbortSignal) =>
    requestJson(keysPaths.generateHash, { body: { serverId } }, { signal }),
  /** Never consumes the link (decisions.md §5): only generating a key through it does. */
  validateHash: (hash: string, signal?: AbortSignal) =>
    requestJson(keysPaths.validateHash, { params: { hash } }, { signal }),
  generateKey: (guildId: string, hash: string | undefined) =>
    requestJson(keysPaths.generateKey, { body: hash ? { guildId, hash } : { guildId } }),
  /**
   * Visit counters for the statistics; the answers change nothing on the page (decisions.md §3).
   * Both calls of spec §7 carry the same page-load id and server, so that one load is one visit
   * whichever of them the server records.
   */
  trackVisit(serverId: string, pageLoadId: string): void {
    const body = { serverId, pageLoadId };
    requestJson(keysPaths.trackIpVisit, { body }).catch(() => undefined);
    requestJson(keysPaths.trackVisitor, { body }).catch(() => undefined);
  },
};

/** A random id for one load of a key page (crypto.randomUUID needs a secure context; this does not). */
export function newPageLoadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

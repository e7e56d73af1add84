import type { GenerateKeyResponse } from '@vip/contracts';

/**
 * The keys this browser generated, kept in its own storage until they expire, one per page (a
 * one-time link, or a server's key page). A phone that swaps the page out while the member
 * pastes the key in Discord reloads it on return: the link is spent by then, and the key must
 * still be there. The server cannot give it back (it keeps only the key's digest), so only the
 * browser that generated a key ever shows it again; nothing here leaves the browser.
 */
export interface KeptKey extends GenerateKeyResponse {
  serverId: string;
}

const PREFIX = 'vip-key:';

/** The storage slot of a page: its one-time link, else its server. */
export function keyPageSlot(serverId: string, hash: string | undefined): string {
  return hash ? `${PREFIX}link:${hash}` : `${PREFIX}server:${serverId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (private modes, policies): keys are then shown once, as before
  }
}

function read(slot: string): KeptKey | null {
  try {
    const value = JSON.parse(storage()?.getItem(slot) ?? 'null') as Partial<KeptKey> | null;
    if (!value || typeof value.key !== 'string' || typeof value.serverId !== 'string') return null;
    if (typeof value.expiresAt !== 'string') return null;
    return value as KeptKey;
  } catch {
    return null;
  }
}

const expired = (kept: KeptKey, now: number) => !(Date.parse(kept.expiresAt) > now);

/** The key kept for this page and server, while it has not expired. */
export function keptKeyOf(slot: string, serverId: string, now = Date.now()): KeptKey | null {
  const kept = read(slot);
  if (!kept || kept.serverId !== serverId) return null;
  if (expired(kept, now)) {
    storage()?.removeItem(slot);
    return null;
  }
  return kept;
}

/** Keeps a fresh key for its page, and lets go of the expired ones of other pages. */
export function keepKey(slot: string, serverId: string, result: GenerateKeyResponse, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const name = store.key(index);
    if (name?.startsWith(PREFIX) && name !== slot) {
      const kept = read(name);
      if (!kept || expired(kept, now)) store.removeItem(name);
    }
  }
  const kept: KeptKey = { ...result, serverId };
  try {
    store.setItem(slot, JSON.stringify(kept));
  } catch {
    // storage full: the key is still on screen
  }
}

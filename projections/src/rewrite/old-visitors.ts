import { storedSchemaVersion } from '@vip/contracts';
import { dayOf, type StoredEvent } from '@vip/platform';
import type { OldVisitor } from '@vip/platform/privacy/old-visitor-ids.ts';

/**
 * The versions from which a visit and a key name their visitor by the digest of the day's key.
 * Before them the digest was HMAC(the deployment's secret, address): one id per address for all
 * days, linkable to the address by whoever holds the secret, for as long as the log lives.
 */
const DAY_KEY_VERSIONS = { VisitRecorded: 3, KeyGenerated: 2 } as const;

/** A visit or a key whose visitor is named as before the day keys: its old digest and the UTC day it names it on. */
export function oldVisitorOf(event: Pick<StoredEvent, 'type' | 'metadata'>, data: unknown): OldVisitor | null {
  const since = DAY_KEY_VERSIONS[event.type as keyof typeof DAY_KEY_VERSIONS];
  if (!since || storedSchemaVersion(JSON.parse(event.metadata)) >= since) return null;
  const fields = data as { visitorDigest?: unknown; visitedAt?: unknown; generatedAt?: unknown };
  const at = event.type === 'VisitRecorded' ? fields.visitedAt : fields.generatedAt;
  if (typeof fields.visitorDigest !== 'string' || typeof at !== 'string') return null;
  return { digest: fields.visitorDigest, day: dayOf(new Date(at)) };
}

/** Whether a stored event names a visitor as before the day keys (its data is read only for a visit or a key). */
export const namesOldVisitor = (event: Pick<StoredEvent, 'type' | 'metadata' | 'data'>): boolean =>
  event.type in DAY_KEY_VERSIONS && oldVisitorOf(event, JSON.parse(event.data)) !== null;

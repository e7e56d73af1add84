import type { DomainEvent } from '@vip/contracts';

/** One member's whitelist entry added monthly, renewed for a lifetime and removed, and another member's: shared by the whitelist and subscriptions projections' tests. */
export const member = { userId: '123456789012345678', guildId: '876543210987654321' };
export const addedMonthly: DomainEvent = {
  type: 'WhitelistEntryAdded',
  data: { ...member, duration: 'monthly', expiresAt: '2026-12-01T00:00:00.000Z', addedAt: '2026-11-01T00:00:00.000Z' },
};
export const renewedLifetime: DomainEvent = {
  type: 'WhitelistEntryAdded',
  data: { ...member, duration: 'lifetime', expiresAt: null, addedAt: '2026-11-10T00:00:00.000Z' },
};
export const removed: DomainEvent = {
  type: 'WhitelistEntryRemoved',
  data: { ...member, removedAt: '2026-11-11T00:00:00.000Z' },
};
export const other: DomainEvent = {
  type: 'WhitelistEntryAdded',
  data: {
    userId: '223456789012345678',
    guildId: member.guildId,
    duration: 'weekly',
    expiresAt: '2026-11-08T00:00:00.000Z',
    addedAt: '2026-11-01T00:00:00.000Z',
  },
};

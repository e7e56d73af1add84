import type { ServerSetting } from '@vip/contracts';
import { eventTypeNames } from '@vip/contracts/plain';

/** The audit trail in the product's words rather than its field and event names. */

export const settingWords: Record<ServerSetting, string> = {
  greeting: 'Greeting',
  owner: 'Owner',
  slot: 'Subscriber slot',
  vipRole: 'VIP role',
  logChannel: 'Log channel',
  autoPing: 'Auto-ping',
  verificationMessage: 'Verification message',
  suspension: 'Suspension',
};

const fieldNames: Record<string, string> = {
  enabled: 'Greet new members',
  channelId: 'Channel',
  delay: 'Delay',
  message: 'Message',
  ownerId: 'Owner',
  verified: 'Verified by Discord',
  subscriberId: 'Subscriber',
  roleId: 'Role',
  hours: 'Every',
  title: 'Title',
  description: 'Description',
  buttonLabel: 'Button label',
  color: 'Colour',
  reason: 'Reason',
};

/** "buttonLabel" → "Button label"; "VipRoleGranted" → "VIP role granted". */
export function camelCaseWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (word === 'Vip' ? 'VIP' : word === 'Id' ? 'ID' : word.toLowerCase()));
  const text = words.join(' ').replace(/^vip\b/, 'VIP');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const fieldWords = (field: string): string => fieldNames[field] ?? camelCaseWords(field);

/**
 * One value of a settings change as words: nothing set as "not set", yes or no, seconds and
 * hours with their unit, a user or channel by name (its id when no name is known).
 */
export function valueWords(field: string, value: unknown, names: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return 'not set';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'delay' && typeof value === 'number') return `${value} s`;
  if (field === 'hours' && typeof value === 'number') return `${value} h`;
  if (typeof value === 'string') {
    const name = names[value];
    if (field === 'channelId') return name ? `#${name}` : `channel ${value}`;
    if (field === 'roleId') return `role ${value}`;
    if (name) return name;
    return value;
  }
  return JSON.stringify(value);
}

/** The event types as the filter groups them, in words. */
const groups: Array<{ label: string; billing?: true; test: (type: string) => boolean }> = [
  { label: 'Accounts and sign-in', test: (type) => /^(User|Username|Session|Password)/.test(type) },
  { label: 'Announcements', test: (type) => type.startsWith('Announcement') },
  {
    label: 'Servers and greetings',
    test: (type) => /^(Guild|Server(Claim|Released|Taken|Claimed)|SubscriberServer|Greeting)/.test(type),
  },
  {
    label: 'Keys and VIP roles',
    test: (type) => /^(AccessHash|Key|VipRole(Granted|Removed|Failed|Fixed)|VipWindow|Visit)/.test(type),
  },
  { label: 'Plans and whitelist', test: (type) => /^(Subscription|Whitelist)/.test(type) },
  {
    label: 'Suspensions, messages and sponsors',
    test: (type) => /^(ServerSuspen|VerificationMessage|ServerSponsor)/.test(type),
  },
  { label: "Bots' settings and schedules", test: (type) => /^(VipRoleChosen|LogChannel|AutoPing|Video)/.test(type) },
  {
    label: 'Discord accounts',
    test: (type) => /^(Discord|ServerManagement|LinkCode|ManagementCheck)/.test(type),
  },
  { label: 'Billing (Stripe)', billing: true, test: (type) => type.startsWith('Billing') },
  { label: 'Privacy requests', test: (type) => type === 'PersonErased' },
  { label: 'The log itself', test: (type) => type === 'LogSealed' },
];

export interface EventTypeGroup {
  label: string;
  types: Array<{ value: string; text: string }>;
}

/**
 * Every event type once, in groups with words; the billing ones only where Stripe is on. A
 * type no group names lands in "Other", so a new one is never missing from the filter.
 */
export function eventTypeGroups(billingOn: boolean): EventTypeGroup[] {
  const placed = new Set<string>();
  const result: EventTypeGroup[] = [];
  for (const group of groups) {
    const types = eventTypeNames.filter((type) => !placed.has(type) && group.test(type));
    for (const type of types) placed.add(type);
    if (group.billing && !billingOn) continue;
    if (types.length > 0)
      result.push({ label: group.label, types: types.map((type) => ({ value: type, text: camelCaseWords(type) })) });
  }
  const rest = eventTypeNames.filter((type) => !placed.has(type));
  if (rest.length > 0)
    result.push({ label: 'Other', types: rest.map((type) => ({ value: type, text: camelCaseWords(type) })) });
  return result;
}

/** The audit trail's texts: every refused parameter says what it expects. */
export const auditTexts = {
  unknownParameter: (names: readonly string[], known: readonly string[]) =>
    `Unknown parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')} (known: ${known.join(', ')})`,
  givenTwice: (name: string) => `${name} may be given only once`,
  guildId: 'guildId must be a Discord server ID (17–20 digits)',
  userId: 'userId must be a user id: 1–64 letters, digits, "-", "_" or "."',
  type: 'type must be one or more event types separated by commas, e.g. KeyGenerated,KeyRedeemed',
  unknownType: (names: readonly string[]) => `Unknown event type${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  time: (name: 'from' | 'to') => `${name} must be an ISO 8601 date or time, e.g. 2026-01-31 or 2026-01-31T12:00:00Z`,
  fromAfterTo: 'from must not be later than to',
  before: 'before must be a log position: a whole number of at least 1',
  limit: (max: number) => `limit must be a whole number from 1 to ${max}`,
  keyDigest: 'A key digest is the SHA-256 of the key: 64 hexadecimal characters',
  keyNotFound: 'No key with this digest in the log',
} as const;

/** What the auditor's workbench answers a request it refuses (issue #15). */
export const auditWorkbenchTexts = {
  unknownParameter: (names: readonly string[], known: readonly string[]) =>
    `Unknown parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')} (known: ${known.join(', ')})`,
  givenTwice: (name: string) => `${name} may be given only once`,
  bound: (name: 'from' | 'to') =>
    `${name} must be a log position (a whole number of at least 1) or an ISO 8601 date or time, e.g. 2026-01-31`,
  server: 'server must be a Discord server ID (17–20 digits)',
  user: 'user must be a user id: 1–64 letters, digits, "-", "_" or "."',
  type: 'type must be one or more event types separated by commas, e.g. KeyGenerated,KeyRedeemed',
  unknownType: (names: readonly string[]) => `Unknown event type${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  fromAfterTo: 'from must not be after to',
  beyondHead: (name: 'from' | 'to', head: number) =>
    `${name} is beyond the last position of the log (${head.toLocaleString('en')})`,
  tooLong: (max: number) => `An export spans at most ${max.toLocaleString('en')} events: narrow it with from and to`,
  tooManyExports: 'Too many exports are running: try again when one has finished',
  position: 'The position must be a log position: a whole number of at least 1',
  noEventAt: (position: number) => `No event at position ${position.toLocaleString('en')} of the log`,
  tooManyReplays: 'Another state is being built: try again in a moment',
  replayFailed: 'The state as of this position could not be built',
} as const;

import type { FakeDiscord } from './fake-discord.ts';
import { type FakeBot, messagePayload, snowflake, userPayload } from './payloads.ts';
import type { RestAnswer, RestCall } from './rest.ts';

/** A direct message a bot sent, as the fake delivered it. */
export interface DirectMessage {
  bot: string;
  to: string;
  content: string;
}

interface DirectMessages {
  /** DM channel → its recipient. */
  channels: Map<string, string>;
  sent: DirectMessage[];
  /** Members who accept no direct messages from bots: Discord answers 50007. */
  closed: Set<string>;
}

const state = new WeakMap<FakeDiscord, DirectMessages>();

/** The fake's direct messages: what was sent, and who refuses them. */
export function directMessagesOf(fake: FakeDiscord): DirectMessages {
  let found = state.get(fake);
  if (!found) {
    found = { channels: new Map(), sent: [], closed: new Set() };
    state.set(fake, found);
  }
  return found;
}

/** Discord's routes for a bot's direct messages (open a DM channel, post in it); null for any other call. */
export function handleDirectMessages(fake: FakeDiscord, bot: FakeBot, call: RestCall): RestAnswer | null {
  const dms = directMessagesOf(fake);
  if (call.method === 'POST' && call.path === '/users/@me/channels') {
    const recipient = String((call.body as { recipient_id?: string }).recipient_id);
    const id = snowflake();
    dms.channels.set(id, recipient);
    return {
      status: 200,
      body: { id, type: 1, last_message_id: null, recipients: [userPayload(recipient, 'member')] },
    };
  }
  const match = /^\/channels\/(\d+)\/messages$/.exec(call.path);
  const recipient = match ? dms.channels.get(match[1]) : undefined;
  if (call.method !== 'POST' || !match || recipient === undefined) return null;
  if (dms.closed.has(recipient))
    return { status: 403, body: { code: 50007, message: 'Cannot send messages to this user' } };
  const body = (call.body ?? {}) as Record<string, unknown>;
  dms.sent.push({ bot: bot.name, to: recipient, content: String(body.content ?? '') });
  return { status: 200, body: messagePayload(snowflake(), match[1], undefined, bot, body) };
}

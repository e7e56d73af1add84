import { expect } from 'chai';
import type { SpawnedProduct } from '../../../test/support/all-in-one.ts';
import { api } from '../../../test/support/http.ts';
import type { FakeDiscord, InteractionAnswer } from '../fake-discord/fake-discord.ts';
import { CHANNELS, GUILD } from './world.ts';

/** A fresh key for the server, from the product's own key page route. */
export async function generateKey(product: SpawnedProduct, guildId = GUILD): Promise<string> {
  const response = await api<{ key: string }>(product.url, 'POST', '/api/keys/generateKey', { body: { guildId } });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return response.body.key;
}

/** A member presses Redeem Key, gets the modal, submits the key: the bot's final answer. */
export async function redeem(
  fake: FakeDiscord,
  userId: string,
  key: string,
  guildId: string = GUILD,
  channelId: string = CHANNELS.verify,
): Promise<InteractionAnswer> {
  const where = { guildId, channelId, userId };
  const pressed = fake.button('key', where, 'vip:redeem');
  const modal = await fake.answerTo(pressed);
  expect(modal.kind).to.equal('modal');
  expect(modal.data.custom_id).to.equal('vip:redeem-modal');
  const submitted = fake.modalSubmit('key', where, 'vip:redeem-modal', { key });
  return fake.answerTo(submitted, 15_000);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

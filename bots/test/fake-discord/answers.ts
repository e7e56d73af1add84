import type { SentInteraction } from './interactions.ts';
import type { RestCall } from './rest.ts';

/** A visible answer to an interaction: a reply, a modal, the edited deferred reply, or the pressed message updated. */
export interface InteractionAnswer {
  kind: 'reply' | 'modal' | 'edit' | 'followup' | 'update';
  data: { content?: string; flags?: number; embeds?: any[]; components?: any[]; custom_id?: string; title?: string };
}

/** The visible answers to an interaction in these calls, in order; a call the fake refused is no answer. */
export function answersOf(calls: readonly RestCall[], interaction: SentInteraction): InteractionAnswer[] {
  const answers: InteractionAnswer[] = [];
  const original = `/webhooks/${interaction.bot.applicationId}/${interaction.token}/messages/@original`;
  const followUp = `/webhooks/${interaction.bot.applicationId}/${interaction.token}`;
  for (const call of calls) {
    if (call.status !== undefined && call.status >= 400) continue;
    if (call.path === `/interactions/${interaction.id}/${interaction.token}/callback`) {
      const { type, data } = call.body as { type: number; data: InteractionAnswer['data'] };
      if (type === 4) answers.push({ kind: 'reply', data });
      if (type === 9) answers.push({ kind: 'modal', data });
      if (type === 7) answers.push({ kind: 'update', data });
    } else if (call.path === original && call.method === 'PATCH') {
      answers.push({ kind: 'edit', data: call.body as InteractionAnswer['data'] });
    } else if (call.path === followUp && call.method === 'POST') {
      answers.push({ kind: 'followup', data: call.body as InteractionAnswer['data'] });
    }
  }
  return answers;
}

/** Polls until `check` gives a value, or fails after the deadline with what was awaited. */
export async function waitFor<T>(
  check: () => T | undefined | null | false,
  timeoutMs: number,
  label: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

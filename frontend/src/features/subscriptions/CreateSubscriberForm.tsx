import { configDefaults, errorTexts, planSlots, subscriptionTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { adminTexts } from '../../app/texts.ts';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import type { HandedPassword } from './OneTimePasswords.tsx';
import { useCreateSubscriberMutation } from './subscriptionsApi.ts';

type SubscriberField = 'username' | 'password' | 'planName' | 'days' | 'maxSlots' | 'discordUserId';

// the server refuses with these shared texts; each blames one field of the form
const fieldOfProblem = fieldsByText<SubscriberField>({
  username: [/^Username /, errorTexts.usernameTaken],
  password: [/^Password must/],
  planName: [/^Plan /],
  days: [subscriptionTexts.daysRange],
  maxSlots: [subscriptionTexts.maxSlotsRange],
  discordUserId: [subscriptionTexts.discordUserId],
});

const empty = {
  username: '',
  password: '',
  planName: configDefaults.plans.find((plan) => plan.mostPopular)?.name ?? configDefaults.plans[0].name,
  days: '30',
  // blank: the plan's slots
  maxSlots: '',
  discordUserId: '',
};

const planSlotsOf = (planName: string) =>
  planSlots({ planName, slotsOverride: null }, configDefaults.defaultServerSlots);

/**
 * Create a subscriber account with its plan. A generated password goes to `onCreated`, which
 * shows it once on the new subscriber's card until dismissed.
 */
export function CreateSubscriberForm({ onCreated }: { onCreated: (id: string, password: HandedPassword) => void }) {
  const [form, setForm] = useState(empty);
  const [created, setCreated] = useState<string | null>(null);
  const [createSubscriber, { isLoading, reset }] = useCreateSubscriberMutation();
  const feedback = useFormFeedback('subscriber-form', fieldOfProblem);
  const set = (field: SubscriberField) => (event: { target: { value: string } }) => {
    setForm((state) => ({ ...state, [field]: event.target.value }));
    feedback.edited(field);
  };
  const blankField = (['username', 'days'] as const).find((field) => !form[field].trim());

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (blankField) {
      feedback.refused(errorTexts.fillAllFields, blankField);
      return;
    }
    try {
      const answer = await createSubscriber({
        username: form.username.trim(),
        password: form.password || undefined,
        planName: form.planName.trim(),
        days: Number(form.days),
        maxSlots: form.maxSlots.trim() ? Number(form.maxSlots) : undefined,
        discordUserId: form.discordUserId.trim() || undefined,
      }).unwrap();
      reset(); // the answer may hold the generated password: keep it only on the card, once
      if (answer.password)
        onCreated(answer.id, { username: answer.username, password: answer.password, why: 'created' });
      setCreated(answer.password ? answer.username : null);
      setForm(empty);
      feedback.saved(adminTexts.subscriberCreated);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, adminTexts.failedToCreateSubscriber));
    }
  }

  return (
    <section className="card" aria-labelledby="create-subscriber-title">
      <h3 id="create-subscriber-title">New subscriber</h3>
      {created && (
        <p className="field-hint" role="status">
          The generated password of {created} is on their card in the list until you dismiss it.
        </p>
      )}
      <form onSubmit={handleSubmit} noValidate className="subscriber-form">
        <div className="field">
          <label htmlFor="subscriber-username">Username</label>
          <input
            id="subscriber-username"
            autoComplete="off"
            value={form.username}
            onChange={set('username')}
            {...feedback.fieldProps('username', 'subscriber-username-hint')}
          />
          <p className="field-hint" id="subscriber-username-hint">
            3 to 32 letters, digits, dots, dashes or underscores.
          </p>
          {feedback.fieldError('username')}
        </div>
        <div className="field">
          <label htmlFor="subscriber-password">Password (optional)</label>
          <input
            id="subscriber-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            {...feedback.fieldProps('password', 'subscriber-password-hint')}
          />
          <p className="field-hint" id="subscriber-password-hint">
            Leave empty to generate one. At least 10 characters.
          </p>
          {feedback.fieldError('password')}
        </div>
        <div className="field">
          <label htmlFor="subscriber-plan">Plan</label>
          <select id="subscriber-plan" value={form.planName} onChange={set('planName')}>
            {configDefaults.plans.map((plan) => (
              <option key={plan.id} value={plan.name}>
                {plan.name} (€{plan.priceEuros}/month, {plan.serverSlots} server{plan.serverSlots === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="subscriber-days">Days</label>
            <input
              id="subscriber-days"
              type="number"
              min={1}
              max={3650}
              value={form.days}
              onChange={set('days')}
              {...feedback.fieldProps('days', 'subscriber-days-hint')}
            />
            <p className="field-hint" id="subscriber-days-hint">
              1–3650
            </p>
            {feedback.fieldError('days')}
          </div>
          <div className="field">
            <label htmlFor="subscriber-slots">Max slots (optional)</label>
            <input
              id="subscriber-slots"
              type="number"
              min={1}
              max={100}
              placeholder={String(planSlotsOf(form.planName))}
              value={form.maxSlots}
              onChange={set('maxSlots')}
              {...feedback.fieldProps('maxSlots', 'subscriber-slots-hint')}
            />
            <p className="field-hint" id="subscriber-slots-hint">
              1–100. Leave empty for the plan's slots.
            </p>
            {feedback.fieldError('maxSlots')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="subscriber-discord">Discord user ID (optional)</label>
          <input
            id="subscriber-discord"
            inputMode="numeric"
            value={form.discordUserId}
            onChange={set('discordUserId')}
            {...feedback.fieldProps('discordUserId', 'subscriber-discord-hint')}
          />
          <p className="field-hint" id="subscriber-discord-hint">
            17–20 digits.
          </p>
          {feedback.fieldError('discordUserId')}
        </div>
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Subscriber'}
        </button>
      </form>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { configDefaults, errorTexts, planSlots } from '@vip/contracts/plain';
import { adminTexts } from '../../app/texts.ts';
import { SecretField } from '../../components/SecretField.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useCreateSubscriberMutation } from './subscriptionsApi.ts';

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

/** Create a subscriber account with its plan; a generated password is shown once. */
export function CreateSubscriberForm() {
  const [form, setForm] = useState(empty);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const [createSubscriber, { isLoading, reset }] = useCreateSubscriberMutation();
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setForm((state) => ({ ...state, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    if (!form.username.trim() || !form.planName.trim() || !form.days.trim()) {
      toast.error(errorTexts.fillAllFields);
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
      reset(); // the answer may hold the generated password: keep it only here, once
      setCreated(answer.password ? { username: answer.username, password: answer.password } : null);
      setForm(empty);
      toast.success(adminTexts.subscriberCreated);
    } catch (failure) {
      toast.error(errorTextOf(failure, adminTexts.failedToCreateSubscriber));
    }
  }

  return (
    <section className="card" aria-labelledby="create-subscriber-title">
      <h3 id="create-subscriber-title">New subscriber</h3>
      {created && (
        <div className="new-password" role="status">
          <p className="banner banner-warning">
            Generated password for {created.username}: shown once. Pass it on now; it cannot be shown again.
          </p>
          <SecretField label="Generated password" value={created.password} />
          <button type="button" className="button button-secondary button-small" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate className="subscriber-form">
        <div className="field">
          <label htmlFor="subscriber-username">Username</label>
          <input id="subscriber-username" autoComplete="off" value={form.username} onChange={set('username')} />
        </div>
        <div className="field">
          <label htmlFor="subscriber-password">Password (optional)</label>
          <input
            id="subscriber-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            aria-describedby="subscriber-password-hint"
          />
          <p className="field-hint" id="subscriber-password-hint">
            Leave empty to generate one. At least 10 characters.
          </p>
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
            <input id="subscriber-days" type="number" min={1} max={3650} value={form.days} onChange={set('days')} />
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
              aria-describedby="subscriber-slots-hint"
            />
            <p className="field-hint" id="subscriber-slots-hint">
              Leave empty for the plan's slots.
            </p>
          </div>
        </div>
        <div className="field">
          <label htmlFor="subscriber-discord">Discord user ID (optional)</label>
          <input
            id="subscriber-discord"
            inputMode="numeric"
            value={form.discordUserId}
            onChange={set('discordUserId')}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Subscriber'}
        </button>
      </form>
    </section>
  );
}

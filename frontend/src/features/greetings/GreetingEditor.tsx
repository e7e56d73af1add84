import type { ChannelView, GreetingSettings } from '@vip/contracts';
import { configDefaults, defaultGreetingSettings, GREETING_MESSAGE_MAX } from '@vip/contracts/plain';
import { type FormEvent, useRef, useState } from 'react';
import { greetingTexts, panelTexts } from '../../app/texts.ts';
import { VariableChips } from '../../components/VariableChips.tsx';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useGetChannelsQuery, useGetServerQuery } from '../servers/serversApi.ts';
import { GreetingPreview } from './GreetingPreview.tsx';
import { greetingVariables } from './greetingDefaults.ts';
import { useGetGreetingSettingsQuery, useSaveGreetingSettingsMutation } from './greetingsApi.ts';

const { min: MIN_DELAY, max: MAX_DELAY } = configDefaults.greetingDelaySeconds;

// the server refuses with these shared texts; each blames one field of the form
const fieldOfProblem = fieldsByText({
  channel: [greetingTexts.selectChannel, greetingTexts.channelNotInServer],
  delay: [greetingTexts.delayRange],
  message: [greetingTexts.messageLength, /^Message may not contain/],
});

/** Selecting a server loads its channels and settings (spec §4); then the form. */
export function GreetingEditor({ serverId }: { serverId: string }) {
  const skip = !serverId;
  const channels = useGetChannelsQuery(serverId, { skip });
  const settings = useGetGreetingSettingsQuery(serverId, { skip });
  const server = useGetServerQuery(serverId, { skip });

  if (skip)
    return (
      <GreetingForm
        key="none"
        serverId=""
        initial={defaultGreetingSettings()}
        channels={[]}
        serverName="Your Server"
        memberCount={null}
      />
    );
  if (channels.isLoading || settings.isLoading) {
    return (
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading settings...
      </div>
    );
  }
  return (
    <>
      {channels.isError && (
        <p className="banner banner-error" role="alert">
          {panelTexts.failedToLoadChannels}
        </p>
      )}
      {settings.isError && (
        <p className="banner banner-error" role="alert">
          {panelTexts.failedToLoadSettings}
        </p>
      )}
      <GreetingForm
        // a fresh form for every server and every loaded version (after a save or a removal)
        key={`${serverId}:${settings.fulfilledTimeStamp ?? 0}`}
        serverId={serverId}
        initial={settings.data ?? defaultGreetingSettings()}
        channels={channels.data ?? []}
        serverName={server.data?.name ?? 'Your Server'}
        memberCount={server.data?.memberCount ?? null}
      />
    </>
  );
}

interface GreetingFormProps {
  serverId: string;
  initial: GreetingSettings;
  channels: ChannelView[];
  serverName: string;
  memberCount: number | null;
}

function GreetingForm({ serverId, initial, channels, serverName, memberCount }: GreetingFormProps) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [channelId, setChannelId] = useState(initial.channelId ?? '');
  const [delay, setDelay] = useState(String(initial.delay));
  const [message, setMessage] = useState(initial.message);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [save, { isLoading: saving }] = useSaveGreetingSettingsMutation();
  const feedback = useFormFeedback('greeting-form', fieldOfProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!serverId) {
      feedback.refused(panelTexts.selectServer);
      return;
    }
    if (!channelId) {
      feedback.refused(greetingTexts.selectChannel);
      return;
    }
    // a refusal keeps everything typed: only a successful save reloads the form (greetingsApi)
    try {
      const answer = await save({ serverId, settings: { enabled, channelId, delay: Number(delay), message } }).unwrap();
      feedback.saved(answer.message || greetingTexts.settingsSaved);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, panelTexts.failedToSaveSettings));
    }
  }

  function insertVariable(token: string) {
    const area = messageRef.current;
    const start = area?.selectionStart ?? message.length;
    const end = area?.selectionEnd ?? message.length;
    const next = message.slice(0, start) + token + message.slice(end);
    setMessage(next);
    feedback.edited('message');
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const channelName = channels.find((channel) => channel.id === channelId)?.name;
  return (
    <form className="greeting-form" onSubmit={handleSubmit} noValidate>
      <label className="switch">
        <input
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox states its own checked state (ARIA in HTML: no aria-checked on input type=checkbox)
          role="switch"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        Greet new members
      </label>
      <div className="form-row">
        <div className="field">
          <label htmlFor="greeting-channel">Channel</label>
          <select
            id="greeting-channel"
            value={channelId}
            onChange={(event) => {
              setChannelId(event.target.value);
              feedback.edited('channel');
            }}
            disabled={!serverId}
            {...feedback.fieldProps('channel')}
          >
            <option value="">Select a channel</option>
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                #{channel.name}
              </option>
            ))}
          </select>
          {feedback.fieldError('channel')}
        </div>
        <div className="field field-narrow">
          <label htmlFor="greeting-delay">Delay (seconds)</label>
          <input
            id="greeting-delay"
            type="number"
            min={MIN_DELAY}
            max={MAX_DELAY}
            step={1}
            value={delay}
            onChange={(event) => {
              setDelay(event.target.value);
              feedback.edited('delay');
            }}
            {...feedback.fieldProps('delay', 'greeting-delay-hint')}
          />
          <p className="field-hint" id="greeting-delay-hint">
            {MIN_DELAY}–{MAX_DELAY} seconds
          </p>
          {feedback.fieldError('delay')}
        </div>
      </div>
      <div className="field">
        <label htmlFor="greeting-message">Message</label>
        <textarea
          id="greeting-message"
          ref={messageRef}
          rows={4}
          maxLength={GREETING_MESSAGE_MAX}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            feedback.edited('message');
          }}
          {...feedback.fieldProps('message', 'greeting-message-hint')}
        />
        <p className="field-hint" id="greeting-message-hint">
          {message.length} of {GREETING_MESSAGE_MAX} characters
        </p>
        {feedback.fieldError('message')}
      </div>
      <VariableChips titleId="variables-title" variables={greetingVariables} onInsert={insertVariable} />
      <GreetingPreview message={message} serverName={serverName} memberCount={memberCount} channelName={channelName} />
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Settings'}
      </button>
    </form>
  );
}

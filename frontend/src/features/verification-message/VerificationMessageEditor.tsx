import type { VerificationMessage, VerificationMessageView } from '@vip/contracts';
import {
  colorPattern,
  configDefaults,
  defaultVerificationMessage,
  planTexts,
  verificationMessageLimits,
  verificationMessageTexts,
  verificationMessageVariables,
  vipDurationText,
} from '@vip/contracts/plain';
import { type FormEvent, useRef, useState } from 'react';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { VariableChips } from '../../components/VariableChips.tsx';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useGetServerQuery } from '../servers/serversApi.ts';
import { VerificationPreview } from './VerificationPreview.tsx';
import {
  useGetVerificationMessageQuery,
  useResetVerificationMessageMutation,
  useSaveVerificationMessageMutation,
} from './verificationMessageApi.ts';

/** One server's message: the plan gate, the form and its live preview. */
export function VerificationMessageEditor({ serverId }: { serverId: string }) {
  const view = useGetVerificationMessageQuery(serverId);
  if (view.isLoading) {
    return (
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading the verification message...
      </div>
    );
  }
  if (!view.data) {
    return (
      <p className="banner banner-error" role="alert">
        {errorTextOf(view.error, verificationMessageTexts.failedToLoad)}
      </p>
    );
  }
  // a fresh form for every loaded version (after a save or a reset)
  return <VerificationMessageForm key={view.fulfilledTimeStamp} serverId={serverId} view={view.data} />;
}

type MessageField = keyof VerificationMessage;

// the server refuses with these shared texts; each blames one field of the form
const fieldOfProblem = fieldsByText<MessageField>({
  title: [verificationMessageTexts.titleLength, /^Title may not contain/],
  description: [verificationMessageTexts.descriptionLength, /^Description may not contain/],
  buttonLabel: [verificationMessageTexts.buttonLabelLength, /^Button label may not contain/],
  color: [verificationMessageTexts.color],
});

/** Why the form is locked, in the owner's words; null when they may edit. */
function lockOf(view: VerificationMessageView): string | null {
  if (view.readOnly) return planTexts.serverReadOnly;
  if (view.included) return null;
  return view.custom
    ? `${planTexts.planEnded('customVerificationMessage')}. Until then /send posts the default message; yours is kept.`
    : `${planTexts.notInPlan('customVerificationMessage')}. This server uses the default message below.`;
}

function VerificationMessageForm({ serverId, view }: { serverId: string; view: VerificationMessageView }) {
  const [message, setMessage] = useState<VerificationMessage>(view.message);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [save, { isLoading: saving }] = useSaveVerificationMessageMutation();
  const [reset, { isLoading: resetting }] = useResetVerificationMessageMutation();
  const server = useGetServerQuery(serverId);
  const settings = useSiteSettings();
  const lock = lockOf(view);
  const feedback = useFormFeedback('verification-form', fieldOfProblem);
  const set = (field: MessageField) => (value: string) => {
    setMessage((state) => ({ ...state, [field]: value }));
    feedback.edited(field);
  };
  /** A text field's limit beside it, and its mark when the server refused it. */
  const limitOf = (field: Exclude<MessageField, 'color'>) => (
    <p className="field-hint" id={`verification-${field}-hint`}>
      {message[field].length} of {verificationMessageLimits[field]} characters
    </p>
  );
  const values = {
    serverName: server.data?.name ?? 'Your Server',
    vipDuration: vipDurationText(settings?.vipRoleMinutes ?? configDefaults.vipRoleMinutes),
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || lock) return;
    try {
      const answer = await save({ serverId, message }).unwrap();
      feedback.saved(answer.message);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, verificationMessageTexts.failedToSave));
    }
  }

  async function handleReset() {
    try {
      const answer = await reset(serverId).unwrap();
      feedback.saved(answer.message);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, verificationMessageTexts.failedToReset), null);
    }
  }

  function insertVariable(token: string) {
    const area = descriptionRef.current;
    const start = area?.selectionStart ?? message.description.length;
    const end = area?.selectionEnd ?? message.description.length;
    set('description')(message.description.slice(0, start) + token + message.description.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  // what /send posts now: a locked form previews the message members actually get
  const shown = lock && view.inUse === 'default' ? defaultVerificationMessage : message;
  return (
    <form className="greeting-form verification-form" onSubmit={handleSubmit} noValidate>
      {lock && (
        <p className="banner banner-info" role="status" data-testid="verification-lock">
          {lock}
        </p>
      )}
      <fieldset disabled={Boolean(lock)} className="plain-fieldset">
        <legend className="visually-hidden">The message</legend>
        <div className="field">
          <label htmlFor="verification-message-title">Title</label>
          <input
            id="verification-message-title"
            maxLength={verificationMessageLimits.title}
            value={message.title}
            onChange={(event) => set('title')(event.target.value)}
            {...feedback.fieldProps('title', 'verification-title-hint')}
          />
          {limitOf('title')}
          {feedback.fieldError('title')}
        </div>
        <div className="field">
          <label htmlFor="verification-message-description">Description</label>
          <textarea
            id="verification-message-description"
            ref={descriptionRef}
            rows={6}
            maxLength={verificationMessageLimits.description}
            value={message.description}
            onChange={(event) => set('description')(event.target.value)}
            {...feedback.fieldProps('description', 'verification-description-hint')}
          />
          {limitOf('description')}
          {feedback.fieldError('description')}
        </div>
        <VariableChips
          titleId="verification-variables-title"
          variables={verificationMessageVariables}
          onInsert={insertVariable}
        />
        <div className="form-row">
          <div className="field">
            <label htmlFor="verification-message-button">Button label</label>
            <input
              id="verification-message-button"
              maxLength={verificationMessageLimits.buttonLabel}
              value={message.buttonLabel}
              onChange={(event) => set('buttonLabel')(event.target.value)}
              {...feedback.fieldProps('buttonLabel', 'verification-buttonLabel-hint')}
            />
            {limitOf('buttonLabel')}
            {feedback.fieldError('buttonLabel')}
          </div>
          <div className="field field-narrow">
            <label htmlFor="verification-message-color">Colour</label>
            <span className="color-field">
              <input
                type="color"
                aria-label="Pick the colour"
                value={colorPattern.test(message.color) ? message.color : defaultVerificationMessage.color}
                onChange={(event) => set('color')(event.target.value)}
              />
              <input
                id="verification-message-color"
                className="mono"
                maxLength={7}
                value={message.color}
                onChange={(event) => set('color')(event.target.value)}
                {...feedback.fieldProps('color', 'verification-color-hint')}
              />
            </span>
            <p className="field-hint" id="verification-color-hint">
              Hex, like #f5b301
            </p>
            {feedback.fieldError('color')}
          </div>
        </div>
      </fieldset>
      <VerificationPreview message={shown} values={values} caption={lock ? 'What /send posts now' : 'Live preview'} />
      <div className="button-row button-row-start">
        <button type="submit" className="button button-primary" disabled={saving || Boolean(lock)}>
          {saving ? 'Saving...' : 'Save message'}
        </button>
        {view.custom && !view.readOnly && (
          <button type="button" className="button button-ghost" onClick={handleReset} disabled={resetting}>
            {resetting ? 'Resetting...' : 'Reset to the default'}
          </button>
        )}
      </div>
    </form>
  );
}

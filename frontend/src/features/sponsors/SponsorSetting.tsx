import { sponsorTexts } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { fieldsByText, useFormFeedback } from '../../lib/formFeedback.tsx';
import { errorTextOf } from '../api/errorText.ts';
import { useClearServerSponsorMutation, useGetServerSponsorQuery, useSetServerSponsorMutation } from './sponsorsApi.ts';
import './sponsors.css';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const fieldOfProblem = fieldsByText({
  sponsorUrl: [sponsorTexts.badSponsorUrl, sponsorTexts.sponsorUrlLength],
});

/**
 * The owner's sponsor link for one server (decisions.md §3): what the key page shows now, and
 * a form to set or remove the server's own link. The server checks the address; its words are
 * shown as they come. On a premium plan the key page shows no sponsor step at all: a link saved
 * then is kept for the day the plan ends, and the box says so.
 */
export function SponsorSetting({ serverId }: { serverId: string }) {
  const { data, isError } = useGetServerSponsorQuery(serverId);
  const [setSponsor, setting] = useSetServerSponsorMutation();
  const [clearSponsor, clearing] = useClearServerSponsorMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `sponsor-url-${serverId}`;
  const value = draft ?? data?.sponsorUrl ?? '';
  const feedback = useFormFeedback(`sponsor-form-${serverId}`, fieldOfProblem);
  const keptForLater = (text: string) => (data?.premium ? `${text}: shown only if your plan ends` : text);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await setSponsor({ serverId, sponsorUrl: value }).unwrap();
      feedback.saved(keptForLater(answer.message));
      setDraft(null);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, sponsorTexts.failedToSaveSponsor));
    }
  }

  async function remove() {
    try {
      feedback.saved((await clearSponsor(serverId).unwrap()).message);
      setDraft(null);
    } catch (failure) {
      feedback.refused(errorTextOf(failure, sponsorTexts.failedToSaveSponsor), null);
    }
  }

  if (isError || !data) return null;
  return (
    <details className="sponsor-setting">
      <summary>Sponsor link</summary>
      <p className="field-hint" role="status">
        {data.premium
          ? `Your plan keeps the key page free of any sponsor step.${data.sponsorUrl ? ' The link below is kept and' : ' A link saved here is kept and'} shown only if your plan ends.`
          : data.shownUrl
            ? `The key page offers an optional step: "Continue via sponsor — opens ${hostOf(data.shownUrl)} in a new tab"${data.sponsorUrl ? '' : " (the site's link)"}.`
            : 'The key page shows no sponsor step.'}
      </p>
      <form className="inline-editor" onSubmit={save} noValidate>
        <label htmlFor={inputId}>
          {data.premium ? "This server's own sponsor link, for when the plan ends" : "This server's own sponsor link"}
        </label>
        <div className="inline-editor-row">
          <input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={value}
            onChange={(event) => {
              setDraft(event.target.value);
              feedback.edited('sponsorUrl');
            }}
            {...feedback.fieldProps('sponsorUrl')}
          />
          <button type="submit" className="button button-primary button-small" disabled={setting.isLoading}>
            {setting.isLoading ? 'Saving...' : 'Save'}
          </button>
          {data.sponsorUrl && (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={remove}
              disabled={clearing.isLoading}
            >
              Remove
            </button>
          )}
        </div>
        {feedback.fieldError('sponsorUrl')}
      </form>
    </details>
  );
}

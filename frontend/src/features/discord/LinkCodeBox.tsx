import type { CallAnswerOf, discordPaths } from '@vip/contracts/plain';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../../lib/clipboard.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { useCreateLinkCodeMutation } from './discordApi.ts';

/**
 * "Link with /link", the way without Sign in with Discord: a one-time code (10 minutes) the
 * user runs as `/link code:…` in a server they manage, where the key bot is.
 */
export function LinkCodeBox({ label = 'Link with /link' }: { label?: string }) {
  const [createCode, { isLoading }] = useCreateLinkCodeMutation();
  const [issued, setIssued] = useState<CallAnswerOf<typeof discordPaths.linkCode> | null>(null);
  const command = issued ? `/link code:${issued.code}` : '';

  async function getCode() {
    try {
      setIssued(await createCode().unwrap());
    } catch (failure) {
      toast.error(errorTextOf(failure, 'Could not make a link code'));
    }
  }

  if (!issued)
    return (
      <button type="button" className="button button-secondary" onClick={getCode} disabled={isLoading}>
        {isLoading ? 'Getting a code...' : label}
      </button>
    );
  return (
    <div className="link-code" data-testid="link-code">
      <p>In your server, run this command. It works once, until {formatDateTime(issued.expiresAt)}.</p>
      <div className="link-code-row">
        <code className="link-code-command">{command}</code>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={async () => {
            if (await copyText(command)) toast.success('Command copied');
            else toast.error('Failed to copy');
          }}
        >
          Copy
        </button>
      </div>
      <p className="field-hint">
        The key bot must be in that server, and you need Manage Server or Administrator there.
      </p>
    </div>
  );
}

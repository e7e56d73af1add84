import { SNOWFLAKE } from '@vip/contracts/plain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

/** Opens the settings history of a server typed by its id (refusing what is not a Discord id). */
export function SettingsOpener({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [guildId, setGuildId] = useState(initial);
  const [problem, setProblem] = useState('');
  function open(event: FormEvent) {
    event.preventDefault();
    const id = guildId.trim();
    if (!SNOWFLAKE.test(id)) {
      setProblem('A server id is a Discord id (17–20 digits)');
      return;
    }
    setProblem('');
    navigate(`/admin/audit/servers/${id}`);
  }
  return (
    <form className="audit-settings-opener" onSubmit={open} aria-label="Open a server's settings history">
      <div className="field">
        <label htmlFor="audit-settings-guild">Settings history of server</label>
        <input
          id="audit-settings-guild"
          value={guildId}
          onChange={(event) => setGuildId(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'audit-settings-problem' : undefined}
        />
        {problem && (
          <span id="audit-settings-problem" className="field-hint" role="alert">
            {problem}
          </span>
        )}
      </div>
      <button type="submit" className="button button-secondary">
        Open settings history
      </button>
    </form>
  );
}

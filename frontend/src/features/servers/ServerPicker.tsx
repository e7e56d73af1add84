import { panelTexts } from '../../app/texts.ts';
import { useGetServerQuery } from './serversApi.ts';

interface ServerPickerProps {
  /** The select's id, which its label names. */
  id: string;
  servers: readonly string[];
  value: string;
  onChange: (serverId: string) => void;
  /** The subscriber's servers could not be loaded. */
  failed: boolean;
}

/** The panel tabs' server choice: each server by name, and what to do when there is none. */
export function ServerPicker({ id, servers, value, onChange, failed }: ServerPickerProps) {
  return (
    <>
      {failed && (
        <p className="banner banner-error" role="alert">
          {panelTexts.failedToLoadServers}
        </p>
      )}
      <div className="field">
        <label htmlFor={id}>Server</label>
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select a server</option>
          {servers.map((serverId) => (
            <ServerOption key={serverId} id={serverId} />
          ))}
        </select>
        {servers.length === 0 && !failed && <p className="field-hint">Add a server in the Servers tab first.</p>}
      </div>
    </>
  );
}

function ServerOption({ id }: { id: string }) {
  const { data } = useGetServerQuery(id);
  return <option value={id}>{data ? `${data.name} (${id})` : id}</option>;
}

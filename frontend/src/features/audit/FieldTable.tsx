/** A value as one cell: text as it is, anything else (a list, an object, null) as JSON. */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * An event's data (or a read model's document) as a table of fields. A field the trail does
 * not show (a password hash) says so instead of a value.
 */
export function FieldTable({
  fields,
  redacted = [],
  label,
}: {
  fields: Record<string, unknown>;
  redacted?: readonly string[];
  label: string;
}) {
  const names = Object.keys(fields);
  if (names.length === 0) return <p className="muted audit-no-fields">No fields</p>;
  return (
    <div className="audit-fields-wrap">
      <table className="audit-fields" aria-label={label}>
        <tbody>
          {names.map((name) => {
            const hidden = redacted.includes(name);
            return (
              <tr key={name} data-redacted={hidden || undefined}>
                <th scope="row" className="mono audit-field-name">
                  {name}
                </th>
                <td className={`audit-field-value ${hidden ? 'audit-redacted' : 'mono'}`}>
                  {hidden ? (
                    <>
                      <span className="badge">redacted</span> not shown in the audit trail
                    </>
                  ) : (
                    cellText(fields[name])
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

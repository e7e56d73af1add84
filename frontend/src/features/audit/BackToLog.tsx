import { Link } from 'react-router';

/** The way back from a key's life or a settings history to the whole trail. */
export function BackToLog() {
  return (
    <Link to="/admin/audit" className="audit-back">
      ← Back to the audit trail
    </Link>
  );
}

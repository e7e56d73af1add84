import type { CheckedSnapshot, SignedSnapshotStore } from '@vip/platform';

/** What `verify` found in the snapshot store. */
export interface SnapshotSummary {
  checked: number;
  /** Signed, but the signature does not hold: edited in the store (or signed with another secret). */
  tampered: CheckedSnapshot[];
  /** No signature at all: written before snapshots were signed, or its signature removed. */
  unsigned: CheckedSnapshot[];
}

/** Snapshots named one by one in the report; beyond, counted. */
const LISTED = 100;

/**
 * `npm run audit -- verify`, second part: every snapshot of the folds (the command side's
 * long streams, the bots' folds of the log) against its signature. The product uses none
 * whose signature does not hold; this says whether someone edited one.
 */
export async function verifySnapshots(snapshots: SignedSnapshotStore): Promise<SnapshotSummary> {
  const summary: SnapshotSummary = { checked: 0, tampered: [], unsigned: [] };
  for await (const checked of snapshots.check()) {
    summary.checked++;
    if (checked.seal === 'differs') summary.tampered.push(checked);
    else if (checked.seal === 'missing') summary.unsigned.push(checked);
  }
  return summary;
}

const n = (value: number) => value.toLocaleString('en');

export function describeSnapshots(summary: SnapshotSummary): string[] {
  const lines = [`${n(summary.checked)} snapshots checked against their signatures`];
  const listed = (found: CheckedSnapshot[], say: (snapshot: CheckedSnapshot) => string) => {
    for (const snapshot of found.slice(0, LISTED)) lines.push(say(snapshot));
    if (found.length > LISTED) lines.push(`… and ${n(found.length - LISTED)} more like these`);
  };
  listed(
    summary.tampered,
    ({ key, covers }) =>
      `TAMPERED SNAPSHOT: ${key} (covers ${n(covers)}) does not match its signature: edited where it is stored, or signed with another secret (is JWT_SECRET the deployment's?). The product ignores it and folds from the start.`,
  );
  listed(
    summary.unsigned,
    ({ key, covers }) =>
      `UNSIGNED SNAPSHOT: ${key} (covers ${n(covers)}) has no signature: written before snapshots were signed, or its signature removed. The product ignores it and folds from the start.`,
  );
  if (summary.tampered.length > 0)
    lines.push(`RESULT: ${n(summary.tampered.length)} snapshot(s) do not match their signature.`);
  else lines.push('RESULT: every signed snapshot matches its signature.');
  return lines;
}

/** 1 when a snapshot's signature does not hold; an unsigned one alone is reported, not failed. */
export const snapshotExitCode = (summary: SnapshotSummary): number => (summary.tampered.length > 0 ? 1 : 0);

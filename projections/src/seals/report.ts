import type { ChainFinding, ChainSummary } from './chain-check.ts';

const n = (value: number) => value.toLocaleString('en');
const short = (hash: string | null) => (hash ? `${hash.slice(0, 12)}…` : 'none (the start of the log)');

/** One finding in words, naming the range the auditor must look at. */
export function describeFinding(finding: ChainFinding): string {
  switch (finding.kind) {
    case 'changed': {
      const missing = finding.missingSeals;
      const counted =
        finding.foundEvents === finding.sealedEvents
          ? missing.length > 0
            ? ''
            : 'the same number of events, so one was edited or two were reordered'
          : finding.foundEvents < finding.sealedEvents
            ? `${n(finding.sealedEvents - finding.foundEvents)} event(s) fewer than sealed: deleted`
            : `${n(finding.foundEvents - finding.sealedEvents)} event(s) more than sealed: inserted`;
      const seals =
        missing.length === 0
          ? ''
          : `the seal${missing.length > 1 ? 's' : ''} of revision ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing from the seals stream: deleted`;
      return `TAMPERED: positions ${n(finding.from)}–${n(finding.to)} do not match the seal at position ${n(finding.sealPosition)} (${[seals, counted].filter(Boolean).join('; ')})`;
    }
    case 'foreign-seal':
      return `ANOTHER CHAIN: the seal at position ${n(finding.sealPosition)} (up to ${n(finding.upToPosition)}) continues hash ${short(finding.previousHash)}, which this log's chain never had (it had reached ${short(finding.expectedPreviousHash)}): a seal from a different chain, e.g. a restored backup. Not tampering; the chain is checked on from that seal${finding.uncovered ? `, and positions ${n(finding.uncovered.from)}–${n(finding.uncovered.to)} before it are covered by no seal of this chain` : ''}.`;
    case 'unsealed':
      return `not sealed yet: positions ${n(finding.from)}–${n(finding.to)} (${n(finding.events)} events) come after the last seal`;
  }
}

export function describeSummary(summary: ChainSummary): string[] {
  const lines = [
    `${n(summary.events)} events and ${n(summary.seals)} seals checked; the last seal covers up to position ${n(summary.lastSeal.upToPosition)} (hash ${short(summary.lastSeal.hash)})`,
  ];
  if (summary.rewrittenFrom) lines.push(...describeRewrite(summary.rewrittenFrom));
  for (const finding of summary.findings) lines.push(describeFinding(finding));
  const tampered = summary.findings.some((finding) => finding.kind === 'changed');
  const foreign = summary.findings.some((finding) => finding.kind === 'foreign-seal');
  if (tampered) lines.push('RESULT: the log does not match its seals.');
  else if (foreign) lines.push('RESULT: no tampering found, but the chain was continued from a seal of another chain.');
  else lines.push('RESULT: every seal matches.');
  return lines;
}

/** The operator's rewrite of an old log, as the new chain's first seal records it: where the old chain stood. */
export function describeRewrite(from: NonNullable<ChainSummary['rewrittenFrom']>): string[] {
  const head =
    from.hash === null
      ? `from a log that had no seal (its last position ${n(from.headPosition)})`
      : `from a log whose chain's head was hash ${from.hash} (the seal at position ${n(from.sealPosition ?? 0)}, covering up to position ${n(from.upToPosition ?? 0)}, ${n(from.count ?? 0)} events)${from.unsealedEvents > 0 ? `, with ${n(from.unsealedEvents)} events after it up to position ${n(from.headPosition)} that no seal covered` : ''}`;
  return [
    `REWRITTEN: this log was rewritten on ${from.rewrittenAt} to encrypt personal data, ${head}.`,
    `  ${n(from.events)} events copied in their order with their ids, types and metadata; ${n(from.fieldsEncrypted)} personal fields encrypted, ${n(from.streamsRenamed)} streams renamed with a pseudonym; the old chain's ${n(from.sealsLeftOut)} seals left out${from.erasedPersons > 0 ? `; ${n(from.erasedPersons)} persons erased before the rewrite kept unreadable (their fields encrypted with a key thrown away)` : ''}.`,
    from.hash === null
      ? '  Its seals start a new chain from the start of this log; the old log had none to continue.'
      : "  Its seals start a new chain from the start of this log. The old log's seals prove it up to that head: check the old log (or an export of it) with `npm run audit -- verify` to follow the rewrite.",
  ];
}

/** 0: every seal matches; 1: tampering (or a broken file); 2: only a seal of another chain. */
export function exitCodeOf(summary: ChainSummary | null, problems: readonly string[] = []): number {
  if (!summary || problems.length > 0) return 1;
  if (summary.findings.some((finding) => finding.kind === 'changed')) return 1;
  if (summary.findings.some((finding) => finding.kind === 'foreign-seal')) return 2;
  return 0;
}

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { AuditExportLine, AuditExportRange } from '@vip/contracts';
import { anchorOf, chainStart, digestOfText, sealRecordText } from '@vip/platform';
import { ChainCheck, type ChainSummary } from './chain-check.ts';

export interface FileCheck {
  range: AuditExportRange | null;
  summary: ChainSummary | null;
  /** What is wrong with the file itself (not JSON, out of order, cut short): each is a failure. */
  problems: string[];
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * `npm run audit -- verify --file export.ndjson`: checks an exported range offline. The
 * chain starts from the seal the file names as its anchor, every event and seal line is hashed
 * as the chain hashed it (the line is the event whole), digest lines stand for the events left
 * out, and the seals the range line lists are checked as the log's own check does.
 */
export async function verifyExportFile(file: string): Promise<FileCheck> {
  const problems: string[] = [];
  let range: AuditExportRange | null = null;
  let check: ChainCheck | null = null;
  let lastPosition = 0;
  let lines = 0;
  let ended: Extract<AuditExportLine, { kind: 'end' }> | null = null;
  let number = 0;
  let sealsAt = new Map<number, string>();
  const reader = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const text of reader) {
    number++;
    if (text.trim() === '') continue;
    let line: AuditExportLine;
    try {
      line = JSON.parse(text) as AuditExportLine;
    } catch {
      problems.push(`line ${number} is not JSON`);
      continue;
    }
    if (number === 1) {
      if (line.kind !== 'range') {
        problems.push('the first line is not the range line: this is not an audit export');
        break;
      }
      range = line;
      const anchor = line.anchor;
      const seals = Array.isArray(line.seals) ? line.seals : [];
      check = new ChainCheck(anchor ? anchorOf(anchor.seal) : chainStart, anchor ? anchor.revision : null, seals);
      sealsAt = new Map(seals.map((stored) => [stored.position, JSON.stringify(stored.seal)]));
      lastPosition = anchor ? anchor.seal.upToPosition : 0;
      continue;
    }
    if (!check || ended) {
      problems.push(`line ${number} comes after the end line`);
      continue;
    }
    if (line.kind === 'end') {
      ended = line;
      continue;
    }
    if (line.kind === 'range' || !Number.isSafeInteger(line.position) || line.position <= lastPosition) {
      problems.push(
        `line ${number} is out of log order (position ${String((line as { position?: unknown }).position)})`,
      );
      continue;
    }
    lastPosition = line.position;
    lines++;
    if (line.kind === 'digest') {
      if (typeof line.digest === 'string' && HEX64.test(line.digest))
        check.add(line.position, Buffer.from(line.digest, 'hex'));
      else problems.push(`line ${number} has no digest`);
      continue;
    }
    if (typeof line.id !== 'string' || typeof line.streamId !== 'string' || typeof line.type !== 'string') {
      problems.push(`line ${number} is not an event of the log`);
      continue;
    }
    // a seal's own event: the one the range line checks against must be this one
    const listed = sealsAt.get(line.position);
    if (line.kind === 'seal' && listed !== undefined && listed !== JSON.stringify(line.data))
      problems.push(`line ${number}: the seal at position ${line.position} is not the one the range line lists`);
    check.add(line.position, digestOfText(sealRecordText(line)), line.kind === 'seal');
  }
  if (!range) return { range, summary: null, problems: problems.length > 0 ? problems : ['the file is empty'] };
  if (!ended) problems.push('the file has no end line: it was cut short');
  else if (ended.lines !== lines) problems.push(`the end line counts ${ended.lines} lines, the file holds ${lines}`);
  return { range, summary: check!.finish(range.to ?? undefined), problems };
}

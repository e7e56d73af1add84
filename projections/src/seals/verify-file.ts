import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { logSealedSchema, type AuditExportLine, type AuditExportRange } from '@vip/contracts';
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
 * chain starts from the seal the file names as its anchor, every event line is hashed from
 * its record (what the chain hashed), digest lines stand for the events left out, and each
 * seal line is checked as the log's own check does.
 */
export async function verifyExportFile(file: string): Promise<FileCheck> {
  const problems: string[] = [];
  let range: AuditExportRange | null = null;
  let check: ChainCheck | null = null;
  let lastPosition = 0;
  let lines = 0;
  let ended: Extract<AuditExportLine, { kind: 'end' }> | null = null;
  let number = 0;
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
      check = new ChainCheck(anchor ? anchorOf(anchor) : chainStart, anchor ? anchor.revision : null);
      lastPosition = anchor ? anchor.upToPosition : 0;
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
    if (!line.record || line.record.position !== line.position) {
      problems.push(`line ${number}'s record is not the event at position ${line.position}`);
      continue;
    }
    if (line.kind === 'seal') {
      const seal = logSealedSchema.safeParse(line.record.data);
      if (seal.success) check.seal(line.position, line.record.revision, seal.data);
      else problems.push(`line ${number} is a seal that does not read as one`);
    }
    check.add(line.position, digestOfText(sealRecordText(line.record)), line.kind === 'seal');
  }
  if (!range) return { range, summary: null, problems: problems.length > 0 ? problems : ['the file is empty'] };
  if (!ended) problems.push('the file has no end line: it was cut short');
  else if (ended.lines !== lines) problems.push(`the end line counts ${ended.lines} lines, the file holds ${lines}`);
  return { range, summary: check!.finish(range.to ?? undefined), problems };
}

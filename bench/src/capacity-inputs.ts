// What the capacity model reads from the aging bench's JSON (bench/results/aging-*.json): the
// measurements of one run, or of several merged in order (a later run wins per log size), and
// the trends fitted through them — a figure measured on two log sizes or more becomes a line
// over the log's length, from which the model reads any day of the deployment.
import fs from 'node:fs';
import path from 'node:path';
import type { BotsOnLog } from './aging-bots.ts';
import type { CapacityInputs } from './aging-capacity.ts';
import type { MemoryOnLog } from './aging-memory.ts';
import { ROOT } from './aging-product.ts';
import type { RestartOnLog } from './aging-restarts.ts';
import { fitLine } from './aging-results.ts';

export interface Measured {
  keys?: { freshKeysPerSecond: number; eventsPerReport: number; reportsWritten: number };
  streams?: {
    eventsPerPageLoad: number;
    eventsPerKey: number;
    eventsPerRedemption: number;
    eventsPerRoleTakenBack: number;
  };
  bots?: { bySize: Record<string, BotsOnLog> };
  memory?: { bySize: Record<string, MemoryOnLog> };
  restarts?: { bySize: Record<string, RestartOnLog> };
  capacity?: CapacityInputs;
}

export interface Sources {
  measured: Measured;
  files: { file: string; date: string; commit: string; cores: number }[];
}

/** The newest aging result under bench/results, when none is named. */
function newestResult(): string {
  const dir = path.join(ROOT, 'bench', 'results');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^aging-.*\.json$/.test(name)) : [];
  if (files.length === 0) throw new Error(`no aging results in ${dir}: run npx tsx bench/src/aging.ts first`);
  return path.join(dir, files.sort().at(-1)!);
}

/** Merges the runs in order: per part, a later run's sizes replace an earlier run's, other fields too. */
export function readMeasured(files: string[]): Sources {
  const chosen = files.length > 0 ? files : [newestResult()];
  const measured: Record<string, Record<string, unknown>> = {};
  const described: Sources['files'] = [];
  for (const file of chosen) {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      date: string;
      commit: string;
      machine: { cores: number };
      measured: Record<string, Record<string, unknown>>;
    };
    described.push({ file, date: record.date, commit: record.commit, cores: record.machine.cores });
    for (const [part, values] of Object.entries(record.measured)) {
      const merged = { ...(measured[part] ?? {}), ...values };
      if (values.bySize)
        merged.bySize = { ...((measured[part]?.bySize as object) ?? {}), ...(values.bySize as object) };
      measured[part] = merged;
    }
  }
  return { measured: measured as Measured, files: described };
}

/** A figure as a line over the log's length (events), from two sizes or more. */
export interface Trend {
  what: string;
  unit: string;
  points: { events: number; value: number }[];
  /** Null with fewer than two sizes: the growth cannot be derived. A falling fit is taken as flat, at the mean. */
  line: { slope: number; intercept: number } | null;
  /** Why the line is flat though the points differ: they fall, or they lie within the noise of one sample. */
  flat?: string;
}

/**
 * Points that differ by less than this share of their mean are one figure measured with
 * noise (a restart on the same log ranged 1.5–2.2 s), not a growth to extrapolate to a year.
 */
export const NOISE_SHARE = 0.1;

export function trend(what: string, unit: string, points: { events: number; value: number | null }[]): Trend {
  const known = points
    .filter((point): point is { events: number; value: number } => point.value !== null && Number.isFinite(point.value))
    .sort((a, b) => a.events - b.events);
  const fit = fitLine(known.map((point) => ({ x: point.events, y: point.value })));
  const values = known.map((point) => point.value);
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  // a line that falls with the log, or rises less than one sample's noise, is a constant: their mean
  const flat =
    fit && fit.slope < 0
      ? 'falls with the log'
      : fit && Math.max(...values) - Math.min(...values) < NOISE_SHARE * mean
        ? `the sizes differ by less than ${NOISE_SHARE * 100} %`
        : undefined;
  const line = fit && flat ? { slope: 0, intercept: mean } : fit;
  return { what, unit, points: known, line, ...(flat ? { flat } : {}) };
}

/** The value of a trend at a log of `events`; null without a line. */
export const at = (t: Trend, events: number): number | null =>
  t.line ? t.line.intercept + t.line.slope * events : null;

/** The log length at which a trend reaches `limit`: 0 when already beyond, Infinity when it does not grow. */
export function eventsWhen(t: Trend, limit: number): number | null {
  if (!t.line) return null;
  const { slope, intercept } = t.line;
  if (intercept >= limit) return 0;
  if (slope <= 0) return Number.POSITIVE_INFINITY;
  return (limit - intercept) / slope;
}

/** The trends the model reads, each from its part of the bench. */
export function trendsOf(measured: Measured) {
  const sizes = <T>(part: { bySize: Record<string, T> } | undefined) =>
    Object.entries(part?.bySize ?? {}).map(([events, value]) => ({ events: Number(events), value }));
  const memory = sizes(measured.memory);
  const restarts = sizes(measured.restarts);
  const bots = sizes(measured.bots);
  const logs = Object.values(measured.capacity?.bySize ?? {});
  return {
    rss: trend(
      "npm start's largest resident set",
      'MB',
      memory.map((m) => ({ events: m.events, value: m.value.peakAfterStartMb })),
    ),
    start: trend(
      'npm start, read models caught up',
      's',
      memory.map((m) => ({ events: m.events, value: m.value.readySeconds })),
    ),
    restart: trend(
      'npm start with an unapplied event',
      's',
      restarts.map((r) => ({ events: r.events, value: r.value.readySeconds })),
    ),
    firstWrite: trend(
      'the first write after a restart',
      'ms',
      restarts.map((r) => ({ events: r.events, value: r.value.firstWriteMs })),
    ),
    auditPage: trend(
      'the first audit page',
      'ms',
      restarts.map((r) => ({ events: r.events, value: r.value.firstAuditPageMs })),
    ),
    verifyRss: trend(
      'npm run verify, largest resident set',
      'MB',
      restarts.map((r) => ({ events: r.events, value: r.value.verify.peakRssMb })),
    ),
    verifySeconds: trend(
      'npm run verify',
      's',
      restarts.map((r) => ({ events: r.events, value: r.value.verify.seconds })),
    ),
    keyBot: trend(
      "the key bot's restart",
      's',
      bots.map((b) => ({ events: b.events, value: b.value.keyRestart.startSeconds })),
    ),
    posterBot: trend(
      "the poster bot's restart",
      's',
      bots.map((b) => ({ events: b.events, value: b.value.posterRestart.startSeconds })),
    ),
    replay: trend(
      'the first start on a log (the whole replay)',
      's',
      logs.map((l) => ({ events: l.headPosition, value: l.firstStartSeconds })),
    ),
  };
}

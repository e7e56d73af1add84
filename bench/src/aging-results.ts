// What the aging bench found: each figure beside its goal from issue #18, printed as it is
// measured and kept for the JSON the capacity model reads (bench/src/capacity-model.ts).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './aging-product.ts';

export interface Figure {
  /** Which measurement (keys, streams, bots, memory, upgrade, restarts, capacity). */
  part: string;
  /** What was measured, in words. */
  name: string;
  value: number | null;
  unit: string;
  /** The log the product had, in events (0: an empty data directory), when the figure depends on it. */
  events?: number;
  /** The goal in words, e.g. "≥ 90 %"; absent for a figure that has none (an input of the model). */
  goal?: string;
  /** Whether the goal is met; null when it could not be judged (the measurement did not get there). */
  met?: boolean | null;
  note?: string;
}

export interface GoalCheck {
  goal: string;
  met: boolean | null;
}
export const atMost =
  (bound: number, unit: string) =>
  (value: number | null): GoalCheck => ({
    goal: `≤ ${bound.toLocaleString('en')} ${unit}`.trim(),
    met: value === null || Number.isNaN(value) ? null : value <= bound,
  });
export const atLeast =
  (bound: number, unit: string) =>
  (value: number | null): GoalCheck => ({
    goal: `≥ ${bound.toLocaleString('en')} ${unit}`.trim(),
    met: value === null || Number.isNaN(value) ? null : value >= bound,
  });

/** The aging bench's record: the figures, and the structured measurements the model reads. */
export class AgingResults {
  readonly figures: Figure[] = [];
  /** Per part, what the capacity model needs (sizes, rates, per-event and per-key costs). */
  readonly measured: Record<string, unknown> = {};

  /** The code measured: read when the run starts, before anything is committed meanwhile. */
  private readonly commit = gitCommit();

  constructor(readonly options: Record<string, unknown>) {}

  /** Records a figure and prints it: the value, the goal and whether it is met. */
  add(figure: Omit<Figure, 'goal' | 'met'>, check?: (value: number | null) => GoalCheck): Figure {
    const judged: Figure = check ? { ...figure, ...check(figure.value) } : figure;
    this.figures.push(judged);
    console.log(`  ${describe(judged)}`);
    return judged;
  }

  /** Merges structured measurements into `measured[part]`. */
  keep(part: string, values: Record<string, unknown>): void {
    this.measured[part] = { ...((this.measured[part] as Record<string, unknown>) ?? {}), ...values };
  }

  summary(): string {
    const lines = this.figures.filter((figure) => figure.goal).map((figure) => `  ${describe(figure)}`);
    const met = this.figures.filter((figure) => figure.met === true).length;
    const missed = this.figures.filter((figure) => figure.met === false).length;
    const unjudged = this.figures.filter((figure) => figure.goal && figure.met === null).length;
    return [...lines, `  goals met: ${met}, not met: ${missed}, not judged: ${unjudged}`].join('\n');
  }

  /** Writes the record as JSON; the path written. */
  write(file: string): string {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const record = {
      date: new Date().toISOString(),
      commit: this.commit,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryMb: Math.round(os.totalmem() / 1024 / 1024),
        node: process.version,
      },
      options: this.options,
      figures: this.figures,
      measured: this.measured,
    };
    fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    return file;
  }
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return '—';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${unit}`.trim();
}

function describe(figure: Figure): string {
  const where = figure.events === undefined ? '' : ` [log of ${figure.events.toLocaleString('en')} events]`;
  const verdict =
    figure.goal === undefined
      ? ''
      : `  (goal ${figure.goal}: ${figure.met === null ? 'not judged' : figure.met ? 'met' : 'NOT met'})`;
  const note = figure.note ? `  — ${figure.note}` : '';
  return `${figure.name}${where}: ${formatValue(figure.value, figure.unit)}${verdict}${note}`;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Least-squares slope and intercept of y over x (at least two distinct x). */
export function fitLine(points: readonly { x: number; y: number }[]): { slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  return { slope, intercept: my - slope * mx };
}

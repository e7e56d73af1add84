import { expect } from 'chai';
import { progressReporter, rebuildProgress } from '../src/cli/progress.ts';

/** A stream that keeps what was written. */
const stream = (isTTY: boolean) => ({
  isTTY,
  written: [] as string[],
  write(text: string) {
    this.written.push(text);
  },
});

describe('progress of a long run', () => {
  it('without a terminal: a line at each tenth of the work, not one per step (700 steps, 11 lines)', () => {
    const out = stream(false);
    let clock = 0;
    const report = progressReporter({ stream: out, now: () => clock });
    for (let step = 0; step <= 700; step++) {
      clock += 10;
      report(step / 700, `step ${step}`);
    }
    expect(out.written).to.have.length(11);
    expect(out.written.every((line) => line.endsWith('\n') && !line.includes('\r'))).to.equal(true);
    expect(out.written.at(-1)).to.equal('step 700\n');
  });

  it('without a terminal, a slow run still says something every 30 s', () => {
    const out = stream(false);
    let clock = 0;
    const report = progressReporter({ stream: out, now: () => clock });
    // 2 % of the work in 95 s: a line at the start, then one every 30 s
    for (let step = 0; step < 96; step++) {
      report(step / 5000, `step ${step}`);
      clock += 1000;
    }
    expect(out.written).to.deep.equal(['step 0\n', 'step 30\n', 'step 60\n', 'step 90\n']);
  });

  it('on a terminal: the line redrawn in place at every step', () => {
    const out = stream(true);
    const report = rebuildProgress({ stream: out });
    for (let position = 0; position <= 100; position += 10)
      report({ position, target: 100, events: position, eventsPerSecond: 1000 });
    expect(out.written).to.have.length(11);
    expect(out.written.every((line) => line.startsWith('\r['))).to.equal(true);
    expect(out.written.at(-1)).to.include('100.0%');
  });
});

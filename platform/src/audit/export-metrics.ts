import { Counter, Gauge } from 'prom-client';
import type { Metrics } from '../metrics.ts';

export interface AuditExportMetrics {
  eventsRead: Counter;
  running: Gauge;
  /** "State as of here" builds this process started (the others' are answered from their build document). */
  stateBuilds: Counter;
}

const byRegistry = new WeakMap<Metrics, AuditExportMetrics>();

/**
 * What the exports of this process do, for /metrics: how many events they read from the log
 * (it stops growing the moment a client that went away is noticed) and how many are running.
 */
export function auditExportMetrics(metrics: Metrics): AuditExportMetrics {
  let known = byRegistry.get(metrics);
  if (!known) {
    const registers = [metrics.registry];
    known = {
      eventsRead: new Counter({
        name: 'vip_audit_export_events_read_total',
        help: 'Events audit exports read from the log',
        registers,
      }),
      running: new Gauge({ name: 'vip_audit_exports_running', help: 'Audit exports streaming now', registers }),
      stateBuilds: new Counter({
        name: 'vip_audit_state_builds_total',
        help: '"State as of here" replays this process started',
        registers,
      }),
    };
    byRegistry.set(metrics, known);
  }
  return known;
}

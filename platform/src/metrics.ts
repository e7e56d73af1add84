import { projectionLagCountLimit } from '@vip/contracts';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestTimings } from './request-timings.ts';

/** A projection as an operator watches it: how far behind the log's head it is. */
export interface ProjectionStatus {
  name: string;
  checkpoint: number | null;
  /** Events in the log after the checkpoint (EventsBehind), at most projectionLagCountLimit. */
  lag: number;
  paused: boolean;
}

type Source<T> = () => T | Promise<T>;

/**
 * The Prometheus metrics of one process (`GET /metrics`), in a registry of its own so two
 * products in one process (tests) never share counters. Routes are labelled by their
 * template (`/api/server/:id`), never by the path itself: a path may hold an access hash,
 * and one label per distinct path would grow without bound.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: RequestTimings;
  readonly appends: Counter<'outcome'>;
  readonly eventsAppended: Counter;
  /** Commands whose answer waited for a projection that had not caught up in time (issue #19 item 9). */
  readonly readYourWritesLate: Counter<'projection' | 'outcome'>;
  /** Commands refused with 503 after every retry met a concurrent writer (issue #19 item 10). */
  readonly busyStreams: Counter<'command'>;
  private readonly projectionSources: Array<Source<ProjectionStatus[]>> = [];
  private readonly wsClientSources: Array<Source<number>> = [];

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, prefix: 'vip_process_' });
    const registers = [this.registry];
    this.requests = new RequestTimings(this.registry);
    this.appends = new Counter({
      name: 'vip_event_store_appends_total',
      help: 'Appends to the event store, by outcome (ok, conflict, error)',
      labelNames: ['outcome'],
      registers,
    });
    this.eventsAppended = new Counter({
      name: 'vip_event_store_events_appended_total',
      help: 'Events written to the event store',
      registers,
    });

    this.readYourWritesLate = new Counter({
      name: 'vip_read_your_writes_late_total',
      help: 'Answers that waited for a projection which did not apply the change in time: refused (503) or answered anyway',
      labelNames: ['projection', 'outcome'],
      registers,
    });
    this.busyStreams = new Counter({
      name: 'vip_command_busy_stream_total',
      help: 'Commands answered 503 after their retries all met a concurrent writer on the same stream, by command type',
      labelNames: ['command'],
      registers,
    });

    const projectionSources = this.projectionSources;
    const statuses = async () => (await Promise.all(projectionSources.map((source) => source()))).flat();
    // gauges read at scrape time, so a paused or stuck projection shows at once
    new Gauge({
      name: 'vip_projection_lag_events',
      help: `How many events of the log a projection has not applied yet (counted up to ${projectionLagCountLimit}), on either store`,
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const status of await statuses()) this.set({ projection: status.name }, status.lag);
      },
    });
    new Gauge({
      name: 'vip_projection_checkpoint',
      help: 'Log position a projection has applied',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const status of await statuses()) this.set({ projection: status.name }, status.checkpoint ?? 0);
      },
    });
    new Gauge({
      name: 'vip_projection_paused',
      help: '1 while an operator has paused the projection',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const status of await statuses()) this.set({ projection: status.name }, status.paused ? 1 : 0);
      },
    });
    const wsClientSources = this.wsClientSources;
    new Gauge({
      name: 'vip_ws_clients',
      help: 'Signed-in browsers connected to /ws',
      registers,
      async collect() {
        const counts = await Promise.all(wsClientSources.map((source) => source()));
        this.set(counts.reduce((sum, count) => sum + count, 0));
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  /** The projection runner reports its projections' lag through this, read at each scrape. */
  watchProjections(source: Source<ProjectionStatus[]>): () => void {
    this.projectionSources.push(source);
    return () => this.projectionSources.splice(this.projectionSources.indexOf(source), 1);
  }

  watchWsClients(source: Source<number>): () => void {
    this.wsClientSources.push(source);
    return () => this.wsClientSources.splice(this.wsClientSources.indexOf(source), 1);
  }

  /** The text exposition format Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

import type { Registry } from 'prom-client';

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Requests per bucket (not cumulative); the last slot is +Inf. */
  buckets: number[];
}

/**
 * `vip_http_requests_total` and the histogram `vip_http_request_duration_seconds`, counted
 * in plain numbers per (method, route, status) and rendered only when /metrics is scraped.
 * prom-client's own Counter and Histogram validate and hash the labels on every call, which
 * cost a hot GET about a tenth of its time; the exposition is the same.
 */
export class RequestTimings {
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    registry.registerMetric({
      name: 'vip_http_requests_total',
      help: 'HTTP requests answered',
      type: 'counter',
      get: () => this.counter(),
    } as never);
    registry.registerMetric({
      name: 'vip_http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      type: 'histogram',
      get: () => this.histogram(),
    } as never);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(BUCKETS.length + 1).fill(0),
      };
      this.series.set(key, series);
    }
    series.count++;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket++;
    series.buckets[bucket]++;
  }

  private counter() {
    const values = [...this.series.values()].map(({ labels, count }) => ({ labels, value: count }));
    return {
      name: 'vip_http_requests_total',
      help: 'HTTP requests answered',
      type: 'counter',
      aggregator: 'sum',
      values,
    };
  }

  private histogram() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const { labels, count, sum, buckets } of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, index) => {
        cumulative += buckets[index];
        values.push({
          metricName: 'vip_http_request_duration_seconds_bucket',
          labels: { le, ...labels },
          value: cumulative,
        });
      });
      values.push({
        metricName: 'vip_http_request_duration_seconds_bucket',
        labels: { le: '+Inf', ...labels },
        value: count,
      });
      values.push({ metricName: 'vip_http_request_duration_seconds_sum', labels, value: sum });
      values.push({ metricName: 'vip_http_request_duration_seconds_count', labels, value: count });
    }
    return {
      name: 'vip_http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      type: 'histogram',
      aggregator: 'sum',
      values,
    };
  }
}

import type { HealthResponse } from '@vip/contracts';
import { METRICS_TOKEN } from './all-in-one.ts';

/** Small fetch helpers for API tests: real HTTP, JSON in and out. */
export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token;
}

/** GET /api/health with its details (the log's head, each projection's lag): asked with the scraper's token. */
export function healthDetails(baseUrl: string): Promise<JsonResponse<HealthResponse>> {
  return api<HealthResponse>(baseUrl, 'GET', '/api/health', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
}

/** GET /metrics as the deployment's scraper does it. */
export function scrapeMetrics(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
}

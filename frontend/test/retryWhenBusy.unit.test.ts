import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query/react';
import { expect } from 'chai';
import { BUSY_RETRIES, retryWhenBusy } from '../src/features/api/retryWhenBusy.ts';

type Answer = { status: number; retryAfter?: string };

/** A fetchBaseQuery stand-in that answers the given statuses in turn, and what it was asked. */
function answering(answers: Answer[]) {
  const asked: (string | FetchArgs)[] = [];
  const baseQuery = async (args: string | FetchArgs) => {
    asked.push(args);
    const { status, retryAfter } = answers[Math.min(asked.length, answers.length) - 1];
    const headers = new Headers(retryAfter ? { 'Retry-After': retryAfter } : {});
    const meta = { request: new Request('http://localhost/'), response: new Response(null, { status, headers }) };
    return status < 400 ? { data: { ok: true }, meta } : { error: { status, data: { error: 'x' } }, meta };
  };
  return { baseQuery, asked };
}

function apiWith(signal = new AbortController().signal): BaseQueryApi {
  return { signal, endpoint: 'getUserInfo' } as unknown as BaseQueryApi;
}

describe('the API base query asks a read again when it is answered 503 (issue #31 item 9)', () => {
  const waited: number[] = [];
  const wait = async (seconds: number) => void waited.push(seconds);
  beforeEach(() => (waited.length = 0));

  it('a read answered 503 is asked again after Retry-After, and its answer is the later one', async () => {
    const { baseQuery, asked } = answering([
      { status: 503, retryAfter: '1' },
      { status: 503, retryAfter: '3' },
      { status: 200 },
    ]);
    const result = await retryWhenBusy(baseQuery, wait)({ url: '/api/user/info' }, apiWith(), {});
    expect(result.data).to.deep.equal({ ok: true });
    expect(asked).to.have.length(3);
    expect(waited).to.deep.equal([1, 3]);
  });

  it('gives the 503 back after its tries, without signing anyone out', async () => {
    const { baseQuery, asked } = answering([{ status: 503 }]);
    const result = await retryWhenBusy(baseQuery, wait)('/api/user/info', apiWith(), {});
    expect(result.error?.status).to.equal(503);
    expect(asked).to.have.length(BUSY_RETRIES + 1);
  });

  it('does not repeat a write, nor a refusal other than 503', async () => {
    const write = answering([{ status: 503 }, { status: 200 }]);
    expect(
      (await retryWhenBusy(write.baseQuery, wait)({ url: '/api/auth/logout', method: 'POST' }, apiWith(), {})).error
        ?.status,
    ).to.equal(503);
    expect(write.asked).to.have.length(1);
    const refused = answering([{ status: 401 }, { status: 200 }]);
    expect((await retryWhenBusy(refused.baseQuery, wait)('/api/user/info', apiWith(), {})).error?.status).to.equal(401);
    expect(refused.asked).to.have.length(1);
  });

  it('stops when the query is given up (the page left)', async () => {
    const controller = new AbortController();
    const { baseQuery, asked } = answering([{ status: 503 }]);
    const stopping = async () => controller.abort();
    await retryWhenBusy(baseQuery, stopping)('/api/user/info', apiWith(controller.signal), {});
    expect(asked).to.have.length(1);
  });
});

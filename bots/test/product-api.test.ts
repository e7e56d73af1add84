import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { ProductApi, ProductApiError } from '../src/shared/product-api.ts';

/** The bots' calls carry a correlation id, and the bot logs the one the API answers with. */
describe('the bots’ product API client', () => {
  let server: http.Server;
  let baseUrl: string;
  const received: Array<string | undefined> = [];
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

  before(async () => {
    server = http.createServer((request, response) => {
      const id = request.headers['x-correlation-id'] as string | undefined;
      received.push(id);
      response.setHeader('x-correlation-id', id ?? 'none');
      response.setHeader('content-type', 'application/json');
      if (request.url?.includes('refuse')) {
        response.statusCode = 409;
        response.end(JSON.stringify({ error: 'No', code: 'refused' }));
      } else {
        response.end(JSON.stringify({ success: true }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it('sends a correlation id and logs the one the API echoes, on success and on refusal', async () => {
    const productApi = new ProductApi(baseUrl, 'token', logger);
    await productApi.leaveGuild('100000000000000001');
    const answered = lines.find((line) => line.msg === 'product API answered')!;
    expect(answered.correlationId)
      .to.equal(received[0])
      .and.to.match(/^[0-9a-f-]{36}$/);
    expect(answered).to.include({ method: 'DELETE', path: '/api/bot/guilds/100000000000000001', status: 200 });

    const refusal = await productApi
      .cancelVideoPost('refuse', { guildId: '100000000000000001', cancelledBy: '100000000000000002' })
      .catch((error: unknown) => error);
    expect(refusal).to.be.instanceOf(ProductApiError);
    expect((refusal as ProductApiError).correlationId).to.equal(received[1]);
    expect(lines.find((line) => line.msg === 'product API refused')).to.include({
      status: 409,
      code: 'refused',
      correlationId: received[1],
    });
    expect(JSON.stringify(lines)).to.not.contain('token');
  });
});

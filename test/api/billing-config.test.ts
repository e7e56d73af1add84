import { loadConfig } from '@vip/platform';
import { expect } from 'chai';

/** The variables that switch selling plans through Stripe on, and the starts they refuse. */
describe('billing: configuration', () => {
  const good = {
    PUBLIC_URL: 'https://vip.example',
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PRICES: 'Basic=price_1,business=price_2',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };

  it('is off without STRIPE_SECRET_KEY, whatever else is set', () => {
    expect(loadConfig({}).billing).to.equal(undefined);
    expect(loadConfig({ STRIPE_PRICES: 'nonsense', BILLING_GRACE_DAYS: 'x' }).billing).to.equal(undefined);
  });

  it('reads the prices by plan name, Stripe’s own address and 3 grace days by default', () => {
    const billing = loadConfig(good).billing!;
    expect(billing.prices).to.deep.equal({ Basic: 'price_1', Business: 'price_2' });
    expect(billing.yearlyPrices).to.deep.equal({});
    expect(billing.apiUrl.href).to.equal('https://api.stripe.com/');
    expect(billing).to.include({ graceDays: 3, promotionCodes: true, trialDays: 0, automaticTax: false, offers: null });
    expect(
      loadConfig({ ...good, BILLING_GRACE_DAYS: '7', STRIPE_API_URL: 'http://127.0.0.1:9999' }).billing,
    ).to.include({ graceDays: 7 });
  });

  it('reads yearly prices beside the monthly ones (Plan:year=price_…)', () => {
    const billing = loadConfig({
      ...good,
      STRIPE_PRICES: 'Basic=price_1, basic:year=price_1y ,Business:YEAR=price_2y',
    }).billing!;
    expect(billing.prices).to.deep.equal({ Basic: 'price_1' });
    expect(billing.yearlyPrices).to.deep.equal({ Basic: 'price_1y', Business: 'price_2y' });
  });

  it('reads the promotion codes, trial and tax switches', () => {
    const billing = loadConfig({
      ...good,
      BILLING_PROMOTION_CODES: 'false',
      BILLING_TRIAL_DAYS: '14',
      STRIPE_AUTOMATIC_TAX: 'true',
    }).billing!;
    expect(billing).to.include({ promotionCodes: false, trialDays: 14, automaticTax: true });
  });

  it('needs PUBLIC_URL: Stripe sends buyers back there, never to the address a request names', () => {
    const { PUBLIC_URL: _, ...withoutPublicUrl } = good;
    expect(refusal(withoutPublicUrl)).to.contain('PUBLIC_URL');
    expect(refusal({ ...good, PUBLIC_URL: '  ' })).to.contain('PUBLIC_URL');
  });

  it('sends the secret key over https only, or in clear text to this machine alone', () => {
    for (const url of ['http://api.stripe.com', 'http://10.0.0.5:12111', 'http://stripe.internal', 'http://[::2]'])
      expect(refusal({ ...good, STRIPE_API_URL: url }), url)
        .to.contain('STRIPE_API_URL')
        .and.contain('https');
    for (const url of [
      'https://stripe.internal:8443',
      'http://127.0.0.1:12111',
      'http://localhost:12111',
      'http://[::1]:1',
    ])
      expect(loadConfig({ ...good, STRIPE_API_URL: url }).billing!.apiUrl.href, url).to.equal(new URL(url).href);
  });

  it('stops the start with a message naming the variable, never repeating a secret', () => {
    const refused: [Record<string, string>, string][] = [
      [{ STRIPE_SECRET_KEY: 'pk_test_public' }, 'STRIPE_SECRET_KEY'],
      [{ STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_PRICES: '' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Gold=price_1' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Basic=prod_1' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Basic=price_1,basic=price_2' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Basic:week=price_1' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Basic:year=price_1,Basic:year=price_2' }, 'STRIPE_PRICES'],
      [{ STRIPE_PRICES: 'Basic=price_1,Basic:year=price_1' }, 'STRIPE_PRICES'],
      [{ STRIPE_API_URL: 'ftp://stripe' }, 'STRIPE_API_URL'],
      [{ STRIPE_API_URL: 'https://api.stripe.com/v1' }, 'STRIPE_API_URL'],
      [{ BILLING_GRACE_DAYS: '-1' }, 'BILLING_GRACE_DAYS'],
      [{ BILLING_GRACE_DAYS: '1.5' }, 'BILLING_GRACE_DAYS'],
      [{ BILLING_TRIAL_DAYS: '-3' }, 'BILLING_TRIAL_DAYS'],
      [{ BILLING_TRIAL_DAYS: '731' }, 'BILLING_TRIAL_DAYS'],
      [{ BILLING_PROMOTION_CODES: 'no' }, 'BILLING_PROMOTION_CODES'],
      [{ STRIPE_AUTOMATIC_TAX: 'yes' }, 'STRIPE_AUTOMATIC_TAX'],
    ];
    for (const [change, name] of refused) {
      const env = { ...good, ...change };
      expect(() => loadConfig(env), JSON.stringify(change)).to.throw(name);
    }
    expect(refusal({ ...good, STRIPE_SECRET_KEY: 'pk_live_this_is_secret' })).to.not.contain('this_is_secret');
    expect(refusal({ ...good, STRIPE_WEBHOOK_SECRET: 'not_whsec_secret_value' })).to.not.contain('secret_value');
  });
});

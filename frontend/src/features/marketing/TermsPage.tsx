import { hoursText, minutesText } from '../../app/durations.ts';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { LegalPage } from './LegalPage.tsx';

/** /terms, with the durations the running product applies. */
export default function TermsPage() {
  const settings = useSiteSettings();
  if (!settings)
    return (
      <LegalPage title="Terms of Service">
        <PageLoading />
      </LegalPage>
    );
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>The service</h2>
        <p>
          VIP Access provides Discord bots and a web panel that let server owners hand out time-limited VIP roles
          through one-time keys, greet new members and post content. By adding a bot to a server or using the panel you
          accept these terms.
        </p>
      </section>
      <section>
        <h2>Eligibility</h2>
        <p>You must be at least 13 years old and allowed to use Discord under its own terms.</p>
      </section>
      <section>
        <h2>Keys and roles</h2>
        <ul>
          <li>
            A key works once, for the server it was generated for, and expires after{' '}
            {hoursText(settings.keyLifetimeHours)}.
          </li>
          <li>
            A redeemed key gives the VIP role for {minutesText(settings.vipRoleMinutes)}; the server owner decides what
            that role grants.
          </li>
          <li>Generating keys in bulk, sharing them for money or working around the limits is not allowed.</li>
        </ul>
      </section>
      <section>
        <h2>Subscriptions</h2>
        <p>
          Paid plans are billed per month and cover the number of servers the plan states. A plan that ends keeps your
          settings, but its servers fall back to the free tier until it is renewed.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          Do not use the bots to spam, to harass anyone, or to distribute content that breaks Discord's guidelines or
          the law. We may remove the bots from servers that do.
        </p>
      </section>
      <section>
        <h2>Availability and liability</h2>
        <p>
          We work to keep the service running and publish its state on the status page, but it is provided as is,
          without a guarantee that it will always be available or free of errors. To the extent the law allows, we are
          not liable for indirect losses.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>We may update these terms; the date above says when they last changed.</p>
      </section>
    </LegalPage>
  );
}

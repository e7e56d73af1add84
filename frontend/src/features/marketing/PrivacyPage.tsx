import { configDefaults, visitorRetentionDaysDefault } from '@vip/contracts/plain';
import { hoursText, minutesText } from '../../app/durations.ts';
import { safeExternalUrl, useSiteSettings } from '../../app/siteConfig.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { LegalPage } from './LegalPage.tsx';

/** When this page's text last changed (the terms keep their own date). */
export const PRIVACY_LAST_UPDATED = 'November 28, 2026';

const daysText = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/**
 * /privacy: what the product keeps, why, for how long, and how a person asks for a copy or an
 * erasure, with the durations the running product applies (each said as the code does it).
 */
export default function PrivacyPage() {
  const settings = useSiteSettings();
  if (!settings)
    return (
      <LegalPage title="Privacy Policy" updated={PRIVACY_LAST_UPDATED}>
        <PageLoading />
      </LegalPage>
    );
  const retention = daysText(settings.visitorRetentionDays ?? visitorRetentionDaysDefault);
  const supportUrl = safeExternalUrl(settings.supportUrl);
  const support = supportUrl ? (
    <a href={supportUrl} target="_blank" rel="noreferrer">
      the support server
    </a>
  ) : (
    'the support server of this site'
  );
  return (
    <LegalPage title="Privacy Policy" updated={PRIVACY_LAST_UPDATED}>
      <section>
        <h2>Who this is for</h2>
        <p>
          VIP Access is not intended for anyone under the age of 13. We do not knowingly collect data about children
          under 13; if you believe a child has used the service, contact us and we will delete what we hold.
        </p>
      </section>
      <section>
        <h2>What we keep, why, and for how long</h2>
        <ul>
          <li>
            <strong>Discord members.</strong> Your Discord user id when you redeem a key, are whitelisted, or run one of
            the bots' commands as a server admin; and the name and avatar of a Discord account you link to a panel
            account. We keep them to give you the VIP role and take it back when it ends (a role lasts{' '}
            {minutesText(settings.vipRoleMinutes)} per key), to keep the whitelist, and for the servers' history and
            statistics. We keep them until you ask us to erase them. They are stored encrypted with a key of your own,
            kept apart from our records: destroying that key erases them from every copy at once. We do not read or
            store message content.
          </li>
          <li>
            <strong>Visitors of key pages: never your IP address.</strong> A visit, and a key generated, are recorded
            under a keyed hash of your address made with a key of that day, so that we can count visits and visitors.
            Each day's key is destroyed after {retention}: from then on nothing can tell which address a record was, or
            that two days' records were the same visitor; only the counts remain. To limit how often one address may
            call us, short-lived counters hold another keyed hash of it while they count (a minute) and delete it
            afterwards. The address itself is never written to our records or logs.
          </li>
          <li>
            <strong>Keys.</strong> A generated key is shown to you once and can be redeemed for{' '}
            {hoursText(settings.keyLifetimeHours)}. We store only a one-way hash of it, with the server it belongs to,
            when it was made and redeemed, and by which member (as above).
          </li>
          <li>
            <strong>Panel accounts.</strong> A username, a password stored only as an argon2id hash, the plan and its
            dates, the servers registered and their settings, the linked Discord account, and each sign-in (when, how,
            and when it ends). We keep them to run your account, while it exists. The username is stored encrypted with
            a key of the account's own. Deleting the account ends your sign-ins, frees your servers and your Discord
            link, erases the linked Discord account as above, and destroys the account's key: its username then reads
            "erased person" and may be taken by someone else. What remains are the account's random id, the times of its
            sign-ins and plan, and the payment records below.
          </li>
          <li>
            <strong>Payments.</strong> Card details go to our payment provider (Stripe), never to us. We keep its
            customer, subscription and invoice numbers, the amounts and the dates, because a seller must keep invoices
            for years; they stay after an account is deleted, named only by those numbers.
          </li>
          <li>
            <strong>Your browser.</strong> The panel keeps its sign-in and your username in your browser's storage until
            you log out, and a key page keeps the key you generated until it expires. A password sign-in sets a cookie
            with a random device id (up to 400 days, sent only to the sign-in) so that attempts from elsewhere cannot
            lock you out; "Sign in with Discord" sets one for {configDefaults.discordIdentity.signInMinutes} minutes. We
            use no advertising or tracking cookies.
          </li>
        </ul>
      </section>
      <section>
        <h2>Sharing</h2>
        <p>
          We do not sell your data. It is processed only to run the service and is shared only when the law requires it.
          When a server shows an optional sponsor link, following it is your choice and that site's own privacy policy
          applies.
        </p>
      </section>
      <section>
        <h2>A copy of your data, or its erasure</h2>
        <p>
          <strong>With a panel account</strong>, do it yourself in the panel's Subscription tab (or ask us to):{' '}
          <em>Download my data</em> gives you every fact we keep about your account and its linked Discord account, with
          its time, in plain sentences, and nothing about anyone else; <em>Delete my account</em> (with your password,
          or within 10 minutes of signing in with Discord) deletes it as described above. A running subscription is
          cancelled at once; the time already paid for is not refunded.
        </p>
        <p>
          <strong>As a Discord member</strong>, ask through {support}, giving your Discord user id; you may also ask us
          to correct what we hold. A copy lists every fact we keep about you in the same way. An erasure first ends your
          VIP roles and whitelist entries (the bot takes the roles back), then destroys your key: what remains in our
          records reads "erased person", and our tamper-evident log records that an erasure was carried out, without
          your id.
        </p>
        <p>
          <strong>As a visitor</strong>, there is nothing to ask for: your visits are tied to no name or account, and
          after {retention} not even to an address.
        </p>
      </section>
    </LegalPage>
  );
}

import { hoursText, minutesText } from '../../app/durations.ts';
import { useSiteSettings } from '../../app/siteConfig.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { LegalPage } from './LegalPage.tsx';

/** /privacy: what the product keeps, and what it does not (with the durations it applies). */
export default function PrivacyPage() {
  const settings = useSiteSettings();
  if (!settings)
    return (
      <LegalPage title="Privacy Policy">
        <PageLoading />
      </LegalPage>
    );
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>Who this is for</h2>
        <p>
          VIP Access is not intended for anyone under the age of 13. We do not knowingly collect data about children
          under 13; if you believe a child has used the service, contact us and we will delete what we hold.
        </p>
      </section>
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>
            <strong>Discord identifiers.</strong> The ids of servers the bots are in (with their name, icon, member
            count and channel list), and the Discord user id of a member who redeems a key or is whitelisted (or of a
            server admin who runs a bot command), and the name and avatar of a Discord account linked to a panel
            account. We do not read or store message content. Each member's ids and names are stored encrypted with a
            key of their own, kept apart from our records: destroying that key erases them from every copy at once.
          </li>
          <li>
            <strong>Hashed addresses, never raw IPs.</strong> To count visits and to limit abuse, your IP address is
            turned into a keyed hash the moment a request arrives. Only that hash is stored; the address itself is never
            written to our records or logs.
          </li>
          <li>
            <strong>Key fingerprints.</strong> A generated key is shown to you once. We store only a one-way hash of it,
            with the server it belongs to, when it was created and when it was redeemed.
          </li>
          <li>
            <strong>Panel accounts.</strong> For subscribers: a username, a password stored only as an argon2id hash,
            the plan and its dates, the servers registered and the greeting settings of those servers. The username is
            stored encrypted with a key of the account's own, destroyed when the account is deleted.
          </li>
          <li>
            <strong>Your browser.</strong> When you sign in, the panel keeps its session token and your username in your
            browser's local storage until you log out. We use no advertising or tracking cookies.
          </li>
        </ul>
      </section>
      <section>
        <h2>Why we keep it</h2>
        <p>
          To generate and verify keys, give and remove VIP roles (a role lasts {minutesText(settings.vipRoleMinutes)}{' '}
          per key), greet new members, show subscribers and admins accurate statistics, and protect the service from
          abuse.
        </p>
      </section>
      <section>
        <h2>How long</h2>
        <p>
          Keys expire after {hoursText(settings.keyLifetimeHours)}. The records of what happened are kept as long as the
          service needs them for statistics and auditing, a Discord member's part of them until they ask us to erase it,
          and a panel account's until it is deleted. Invoices of paid plans are kept as long as the law requires of a
          seller, named only by the payment provider's customer and invoice numbers.
        </p>
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
        <h2>Your rights</h2>
        <p>
          You may ask for a copy of what we hold about you, ask us to correct it, or ask us to erase it, through the
          support server. A copy lists every fact we keep about you, with its time, in plain sentences, and nothing
          about anyone else. An erasure first ends your VIP roles and whitelist entries (the bot takes the roles back),
          then destroys your key: what remains in our records reads "erased person", and our tamper-evident log records
          that the erasure was carried out, without your id.
        </p>
        <p>
          A panel account downloads its own copy and deletes itself from the panel's Subscription tab (or asks us to). A
          deletion cancels a running subscription at once, ends every session, unlinks and erases the linked Discord
          account, and destroys the account's key: its username then reads "erased person" and may be taken by someone
          else. What remains are the account's random id, the times of its sessions and plan, and the billing records
          the law requires a seller to keep.
        </p>
      </section>
    </LegalPage>
  );
}

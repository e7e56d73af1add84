import { sponsorTexts } from '@vip/contracts/plain';
import toast from 'react-hot-toast';
import { QueryResult } from '../../components/QueryResult.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorTextOf } from '../api/errorText.ts';
import { useClearServerSponsorMutation, useListServerSponsorsQuery } from './sponsorsApi.ts';
import './sponsors.css';

/** Admin → Sponsor links: every server's own sponsor link, with a way to remove one (abuse). */
export function SponsorsView() {
  const result = useListServerSponsorsQuery();
  const [clearSponsor, clearing] = useClearServerSponsorMutation();

  async function remove(serverId: string) {
    try {
      toast.success((await clearSponsor(serverId).unwrap()).message);
    } catch (failure) {
      toast.error(errorTextOf(failure, sponsorTexts.failedToSaveSponsor));
    }
  }

  return (
    <section className="card" aria-labelledby="sponsor-links-title">
      <h2 id="sponsor-links-title">Sponsor links</h2>
      <p className="muted">
        Links owners chose for their servers' key pages. A server without one uses the site's SPONSOR_URL; a premium
        server shows none.
      </p>
      <QueryResult
        query={result}
        loading="Loading sponsor links..."
        failed="Failed to load sponsor links"
        empty="No server has a sponsor link of its own"
      >
        {(sponsors) => (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Server</th>
                  <th scope="col">Sponsor link</th>
                  <th scope="col">Set</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sponsors.map((sponsor) => (
                  <tr key={sponsor.serverId}>
                    <th scope="row">
                      {sponsor.serverName ?? 'Unknown server'}{' '}
                      <span className="muted server-id">({sponsor.serverId})</span>
                    </th>
                    <td className="sponsor-link-cell">{sponsor.sponsorUrl}</td>
                    <td>{formatDate(sponsor.setAt)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-danger button-small"
                        disabled={clearing.isLoading}
                        onClick={() => remove(sponsor.serverId)}
                        aria-label={`Remove the sponsor link of ${sponsor.serverName ?? sponsor.serverId}`}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryResult>
    </section>
  );
}

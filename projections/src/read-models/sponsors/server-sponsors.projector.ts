import { projections, type ServerSponsorDocument, sponsorReadModels } from '@vip/contracts';
import { defineProjector } from '../../projector.ts';

/** Each server's own sponsor link (decisions.md §3), gone when it is removed. */
export const serverSponsorsProjector = defineProjector({
  name: projections.serverSponsors,
  collections: [sponsorReadModels.serverSponsors],
  // the admins' list, newest first
  indexes: { [sponsorReadModels.serverSponsors]: [{ setAt: -1 }] },
  handles: ['ServerSponsorSet', 'ServerSponsorCleared'],
  async apply(event, documents) {
    const sponsors = documents.of<ServerSponsorDocument>(sponsorReadModels.serverSponsors);
    switch (event.type) {
      case 'ServerSponsorSet': {
        const { guildId, sponsorUrl, setAt } = event.data;
        sponsors.set({ _id: guildId, sponsorUrl, setAt });
        return;
      }
      case 'ServerSponsorCleared':
        sponsors.delete(event.data.guildId);
        return;
    }
  },
});

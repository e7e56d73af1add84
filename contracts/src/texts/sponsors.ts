/** What owners and admins read about a server's sponsor step (decisions.md §3). */
export const SPONSOR_URL_MAX = 300;

export const sponsorTexts = {
  badSponsorUrl: 'Sponsor link must be a full http:// or https:// address',
  sponsorUrlLength: `Sponsor link must be at most ${SPONSOR_URL_MAX} characters`,
  sponsorSet: 'Sponsor link saved',
  sponsorCleared: 'Sponsor link removed',
  noSponsorSet: 'This server has no sponsor link of its own',
  onlyOwnerSets: "Only the server's owner can set its sponsor link; an admin can remove it",
  failedToSaveSponsor: 'Failed to save the sponsor link',
} as const;

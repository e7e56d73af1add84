/** What subscribers and admins read about accounts and plans. */
export const subscriptionTexts = {
  daysRange: 'Days must be a whole number from 1 to 3650',
  maxSlotsRange: 'Max slots must be a whole number from 1 to 100',
  planNameLength: 'Plan name must be 1 to 50 characters',
  discordUserId: 'Discord user ID must be 17–20 digits',
  subscriberNotFound: 'Subscriber not found',
  alreadyEnded: 'This subscription has already ended',
  alreadySubscribed: 'This user already has a subscription',
  noActiveSubscription: 'No active subscription found',
  userNotFound: 'User not found',
  wrongCurrentPassword: 'Your current password is not correct',
  failedToLoadSubscription: 'Failed to load subscription details',
} as const;

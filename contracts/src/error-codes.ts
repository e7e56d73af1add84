/**
 * Every `code` an error answer can carry: the machine-readable cause clients (the key page,
 * the panel, the bots) branch on. Deciders and routes name a code from here, never a literal.
 */
export const errorCodes = {
  // a refusal with no more specific cause carries its kind
  invalid: 'invalid',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  gone: 'gone',
  rateLimited: 'rate_limited',
  /** Not now, soon: the answer could not be made true in time (a busy stream, a projection behind); Retry-After says when. */
  unavailable: 'unavailable',
  /** A body, parameter or query the route's schema (or the decider's own check) refused. */
  validation: 'validation',
  // accounts and sign-in
  invalidCredentials: 'invalid_credentials',
  /** A password change whose current password was not the account's. */
  wrongCurrentPassword: 'wrong_current_password',
  userExists: 'user_exists',
  usernameTaken: 'username_taken',
  userNotFound: 'user_not_found',
  // plans and the whitelist
  subscriberNotFound: 'subscriber_not_found',
  alreadySubscribed: 'already_subscribed',
  subscriptionEnded: 'subscription_ended',
  noSubscription: 'no_subscription',
  whitelistEntryNotFound: 'whitelist_entry_not_found',
  // erasure of a person on request
  rolesStillHeld: 'roles_still_held',
  recentSignInNeeded: 'recent_sign_in_needed',
  unknownPlan: 'unknown_plan',
  // plans sold through Stripe
  billingOff: 'billing_off',
  notForSale: 'not_for_sale',
  alreadyBilled: 'already_billed',
  noBillingAccount: 'no_billing_account',
  stripeUnreachable: 'stripe_unreachable',
  stripeRefused: 'stripe_refused',
  badStripeSignature: 'bad_stripe_signature',
  /** The subscriber's plan does not include this (custom verification message, analytics), or it ended. */
  notInPlan: 'not_in_plan',
  /** A server beyond the free tier of a subscriber whose plan ended: kept, not editable until renewal. */
  serverReadOnly: 'server_read_only',
  // suspensions
  serverSuspended: 'server_suspended',
  notSuspended: 'not_suspended',
  alreadySuspended: 'already_suspended',
  // servers, slots and greetings
  serverClaimed: 'server_claimed',
  alreadyInList: 'already_in_list',
  maxServers: 'max_servers',
  notInList: 'not_in_list',
  notYourServer: 'not_your_server',
  noGreeting: 'no_greeting',
  botNotInServer: 'bot_not_in_server',
  // Discord identity: proof of management, linked accounts, sign-in with Discord, /link codes
  managementUnproven: 'management_unproven',
  notServerManager: 'not_server_manager',
  serverNotClaimed: 'server_not_claimed',
  discordNotConfigured: 'discord_not_configured',
  discordSignUpClosed: 'discord_sign_up_closed',
  discordStateForged: 'discord_state_forged',
  discordStateExpired: 'discord_state_expired',
  discordStateUsed: 'discord_state_used',
  discordCodeRefused: 'discord_code_refused',
  discordUnreachable: 'discord_unreachable',
  discordAccountTaken: 'discord_account_taken',
  discordAlreadyLinked: 'discord_already_linked',
  discordNotLinked: 'discord_not_linked',
  linkCodeUnknown: 'link_code_unknown',
  linkCodeExpired: 'link_code_expired',
  linkCodeUsed: 'link_code_used',
  linkCodeOtherUser: 'link_code_other_user',
  managementCheckUnknown: 'management_check_unknown',
  // the bots' schedules
  unknownPost: 'unknown_post',
  postExists: 'post_exists',
  /** The server's plan does not cover the poster bot (no plan, another plan, or it ended). */
  posterPlanRequired: 'poster_plan_required',
  /** The poster plan covers this many servers of its owner, and this one is beyond them. */
  posterServerLimit: 'poster_server_limit',
  // keys and access links (a link's codes are also the hash check's `code`)
  unknownKey: 'unknown_key',
  expiredKey: 'expired_key',
  usedKey: 'used_key',
  wrongServer: 'wrong_server',
  keyNotFound: 'key_not_found',
  unknownHash: 'unknown',
  expiredHash: 'expired',
  usedHash: 'used',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

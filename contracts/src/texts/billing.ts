/** What people read about buying, renewing and managing a plan through Stripe (decisions.md §13). */
export const billingTexts = {
  billingOff: 'Plans are not sold online here: ask an admin',
  notForSale: (plan: string) => `The ${plan} plan is not sold online: ask an admin`,
  notForSaleYearly: (plan: string) => `The ${plan} plan is not sold by the year: choose monthly`,
  unknownInterval: 'Choose monthly or yearly',
  alreadyBilled: 'You already pay for a plan: change or cancel it with Manage billing',
  noBillingAccount: 'You have not bought a plan yet',
  stripeUnreachable: 'Stripe did not answer, try again in a minute',
  stripeRefused: 'Stripe refused the request: the billing settings need an admin, try again later',
  badSignature: 'The Stripe signature of this webhook is missing or wrong',
  failedToStartCheckout: 'Could not open the checkout, try again',
  failedToOpenPortal: 'Could not open billing, try again',
} as const;

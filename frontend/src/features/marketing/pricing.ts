/** Spec §9 pricing, per month. The order is the spec's: Basic, Business (most popular), Premium. */
export interface PricingTier {
  name: string;
  price: number;
  mostPopular?: boolean;
  features: string[];
}

export const pricingTiers: PricingTier[] = [
  { name: 'Basic', price: 7, features: ['1 server', 'Standard support', 'No custom messages'] },
  {
    name: 'Business',
    price: 15,
    mostPopular: true,
    features: ['Up to 3 servers', 'Priority support', 'Custom verification messages', 'Analytics'],
  },
  { name: 'Premium', price: 10, features: ['2 servers', 'Priority support', 'Custom messages', 'Lifetime updates'] },
];

/** The poster bot's one plan (spec §9). */
export const posterBusinessPlan: PricingTier = {
  name: 'Business Plan',
  price: 15,
  features: [
    'Post videos to any channel',
    'Browse and re-post your video library',
    'Priority support',
    'Works in up to 3 servers',
  ],
};

export const formatEuro = (amount: number) => `€${amount}`;

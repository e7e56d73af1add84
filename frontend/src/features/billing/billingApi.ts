import type { CheckoutRequest } from '@vip/contracts';
import { billingPaths } from '@vip/contracts/plain';
import { routeEndpoint } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Plans sold through Stripe (decisions.md §13): where the browser goes to buy one, or to manage it. */
export const billingApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation({
      ...routeEndpoint(billingPaths.checkout, (body: CheckoutRequest) => ({ body })),
    }),
    openBillingPortal: build.mutation({
      ...routeEndpoint(billingPaths.portal),
    }),
  }),
});

export const { useStartCheckoutMutation, useOpenBillingPortalMutation } = billingApi;

import type { BillingRedirectResponse, CheckoutRequest } from '@vip/contracts';
import { billingPaths } from '@vip/contracts/plain';
import { requestTo } from '../../lib/http.ts';
import { apiSlice } from '../api/apiSlice.ts';

/** Plans sold through Stripe (decisions.md §13): where the browser goes to buy one, or to manage it. */
export const billingApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    startCheckout: build.mutation<BillingRedirectResponse, CheckoutRequest>({
      query: (body) => requestTo(billingPaths.checkout, { body }),
    }),
    openBillingPortal: build.mutation<BillingRedirectResponse, void>({
      query: () => requestTo(billingPaths.portal),
    }),
  }),
});

export const { useStartCheckoutMutation, useOpenBillingPortalMutation } = billingApi;

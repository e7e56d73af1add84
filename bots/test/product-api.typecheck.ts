/**
 * Compiled by `npm run typecheck`, never run: the bots' client answers each call with its
 * route's answer type (ProductApi.call takes it from the catalogue). The `@ts-expect-error`
 * fails the typecheck if that type is lost to `unknown` or `any`.
 */
import type { RedeemKeyResponse, VideoPostScheduledResponse } from '@vip/contracts';
import type { ProductApi } from '../src/shared/product-api.ts';

type Redeemed = Awaited<ReturnType<ProductApi['redeemKey']>>;
const redeemed: Redeemed = {} as RedeemKeyResponse;
// @ts-expect-error the answer is the route's, not anything
const notRedeemed: Redeemed = 1;
const scheduled: Awaited<ReturnType<ProductApi['scheduleVideoPost']>> = {} as VideoPostScheduledResponse;

void [redeemed, notRedeemed, scheduled];

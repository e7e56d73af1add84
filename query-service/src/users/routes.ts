import Router from '@koa/router';
import type { UserInfoResponse } from '@vip/contracts';
import { requireUser } from '@vip/platform';

export function userRoutes(): Router {
  const router = new Router();
  router.get('/api/user/info', (ctx) => {
    const { id, username, isAdmin, avatar } = requireUser(ctx);
    const body: UserInfoResponse = { id, username, isAdmin, avatar };
    ctx.body = body;
  });
  return router;
}

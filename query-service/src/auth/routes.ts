import { authApi, type UserInfoResponse } from '@vip/contracts';
import { on, type MountedRoute } from '@vip/platform';

export function authRoutes(): MountedRoute[] {
  return [
    on(authApi.userInfo, ({ user: { id, username, isAdmin, avatar } }) => {
      const body: UserInfoResponse = { id, username, isAdmin, avatar };
      return body;
    }),
  ];
}

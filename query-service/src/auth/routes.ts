import { authApi } from '@vip/contracts';
import { type MountedRoute, on } from '@vip/platform';

export function authRoutes(): MountedRoute[] {
  return [
    on(authApi.userInfo, ({ user: { id, username, isAdmin, avatar } }) => {
      return { id, username, isAdmin, avatar };
    }),
  ];
}

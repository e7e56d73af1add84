import { useAppDispatch } from '../../app/hooks.ts';
import { useLogoutMutation } from '../api/apiSlice.ts';
import { sessionEnded } from './authSlice.ts';

/** Ends the session on the server, then here; the route guard then shows /login. */
export function LogoutButton() {
  const dispatch = useAppDispatch();
  const [logout, { isLoading }] = useLogoutMutation();

  async function handleClick() {
    try {
      await logout().unwrap();
    } catch {
      // Unreachable server or already-expired token: leaving must still work on this device.
    }
    dispatch(sessionEnded('logout'));
  }

  return (
    <button type="button" className="button button-secondary" onClick={handleClick} disabled={isLoading}>
      {isLoading ? 'Logging out...' : 'Logout'}
    </button>
  );
}

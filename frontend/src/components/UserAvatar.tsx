import { useState } from 'react';

/** Spec §2: the user's avatar, or the first letter of their name when there is none (or it fails). */
export function UserAvatar({ username, avatar }: { username: string; avatar: string | null }) {
  const [broken, setBroken] = useState(false);
  // Only real image addresses: the field may also hold a bare chat-platform avatar hash.
  const usable = avatar && /^(https?:\/\/|\/)/.test(avatar) && !broken;
  if (usable) {
    return <img className="avatar" src={avatar} alt="" width={32} height={32} onError={() => setBroken(true)} />;
  }
  return (
    <span className="avatar avatar-initial" aria-hidden="true">
      {username.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

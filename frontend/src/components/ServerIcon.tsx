import { useState } from 'react';

/**
 * A server's icon: an image address as is, a bare Discord icon hash through Discord's CDN,
 * otherwise (or when the image fails) the server's initials.
 */
export function ServerIcon({
  id,
  name,
  icon,
  size = 48,
}: {
  id: string;
  name: string;
  icon: string | null | undefined;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const src = iconUrl(id, icon);
  if (src && !broken) {
    return <img className="server-icon" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />;
  }
  return (
    <span
      className="server-icon server-icon-initials"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}

function iconUrl(id: string, icon: string | null | undefined): string | null {
  if (!icon) return null;
  if (/^(https?:\/\/|\/)/.test(icon)) return icon;
  if (/^(a_)?[0-9a-f]{32}$/i.test(icon)) return `https://cdn.discordapp.com/icons/${id}/${icon}.png?size=128`;
  return null;
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

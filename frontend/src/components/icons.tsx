import type { ReactNode } from 'react';

/** Small stroke icons (24×24), drawn inline: no icon font, no emoji that a system may lack. */
function Svg({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const ClockIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const KeyIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="M10.7 12.3 20 3m-3 3 3 3m-6 0 2 2" />
  </Svg>
);
export const ChatIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.3A8 8 0 1 1 21 12z" />
  </Svg>
);
export const ChartIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M4 20V11m6 9V5m6 15v-7m5 7H3" />
  </Svg>
);
export const FilmIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 4v16M17 4v16M3 9h4m10 0h4M3 15h4m10 0h4" />
  </Svg>
);
export const LayersIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="m12 3 9 5-9 5-9-5 9-5z" />
    <path d="m3 13 9 5 9-5" />
  </Svg>
);
export const HashIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M5 9h15M4 15h15M10 3 8 21M16 3l-2 18" />
  </Svg>
);
export const LinkIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Svg>
);
export const BotIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 4v4M9 13v1M15 13v1M2 13v3M22 13v3" />
  </Svg>
);

/// <reference types="vite/client" />

/** Build-time settings (all optional; see app/siteConfig.ts). */
interface ImportMetaEnv {
  readonly VITE_DISCORD_CLIENT_ID?: string;
  readonly VITE_POSTER_DISCORD_CLIENT_ID?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_SPONSOR_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

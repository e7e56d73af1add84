import type { SiteSettings } from '@vip/contracts';
import { configDefaults, SITE_SETTINGS_ELEMENT_ID, sitePaths } from '@vip/contracts/plain';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The site's settings as the running product states them (decisions.md §12: bots' client ids
 * and invite links, support address, durations, limits, plans and prices). The page served by
 * the all-in-one carries them in a JSON block, so they are there before the first paint; a
 * frontend served on its own (nginx) asks GET /api/site once. Nothing is read at build time.
 */
export type { SiteSettings };

/** Only absolute http(s) addresses are followed. */
export function safeExternalUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the settings cannot be read at all: nothing configured is claimed (no bot, no support
 * link) and the figures are the product's defaults. The page says as much as it can.
 */
const unreachable: SiteSettings = {
  keyBot: null,
  posterBot: null,
  supportUrl: null,
  keyLifetimeHours: configDefaults.keyLifetimeHours,
  vipRoleMinutes: configDefaults.vipRoleMinutes,
  accessHashLifetimeMinutes: configDefaults.accessHashLifetimeMinutes,
  defaultServerSlots: configDefaults.defaultServerSlots,
  plans: configDefaults.plans,
  posterPlan: configDefaults.posterPlan,
  // nothing is sold online that the product did not say it sells
  billing: null,
};

function injectedSettings(): SiteSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteSettings;
  } catch {
    return undefined;
  }
}

let current: SiteSettings | undefined = injectedSettings();
let asking: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Asks GET /api/site unless the page carried the settings; at most one request at a time.
 * Plain fetch of the catalogue's path rather than lib/http.ts: this is in the first chunk of
 * every page, and the pages that call nothing else (invite, legal) would load the request
 * helpers for this one GET without parameters.
 */
export function loadSiteSettings(): Promise<void> {
  if (current) return Promise.resolve();
  asking ??= fetch(sitePaths.settings.path, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<SiteSettings>) : unreachable))
    .catch(() => unreachable)
    .then((settings) => {
      current = settings;
      asking = undefined;
      for (const listener of listeners) listener();
    });
  return asking;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings, or undefined for the moment a separately served frontend waits for them. */
export function useSiteSettings(): SiteSettings | undefined {
  const settings = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  useEffect(() => {
    if (!settings) void loadSiteSettings();
  }, [settings]);
  return settings;
}

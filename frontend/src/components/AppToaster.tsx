import { configDefaults } from '@vip/contracts/plain';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const { successMs, errorMs, max, fadeMs } = configDefaults.toasts;

/**
 * The one toaster (spec §9): success 2 s, error 4 s, at most `max` on screen (the oldest
 * visible ones are dismissed beyond that), fading out in 300 ms.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    // newest first: everything past the limit is the oldest
    for (const oldest of visible.slice(max)) toast.dismiss(oldest.id);
  }, [toasts]);

  // Outside #root: a modal makes the page inert, and its toasts must still be seen and read.
  return createPortal(
    <Toaster
      position="top-right"
      containerClassName="toaster"
      // below the page headers, so that a toast never covers Logout or the site links
      containerStyle={{ top: 72 }}
      toastOptions={{
        // inline, because the library styles its toasts inline (light by default)
        style: {
          background: 'var(--surface-raised)',
          color: 'var(--text)',
          border: '1px solid var(--border)',
          maxWidth: 380,
        },
        removeDelay: fadeMs,
        success: { duration: successMs, iconTheme: { primary: '#3ba55c', secondary: '#fff' } },
        error: { duration: errorMs, iconTheme: { primary: '#f23f43', secondary: '#fff' } },
      }}
    />,
    document.body,
  );
}

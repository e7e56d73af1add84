import type { AnnouncementView } from '@vip/contracts';
import { configDefaults } from '@vip/contracts/plain';
import toast from 'react-hot-toast';

const { announcementHighMs, announcementOtherMs } = configDefaults.toasts;

/** Spec §4: a new announcement pops up with its priority's colour; high ones stay longer. */
export function showAnnouncementToast(announcement: AnnouncementView): void {
  const { id, title, priority } = announcement;
  toast(`New ${priority} priority announcement: ${title}`, {
    // one toast per announcement, even if the same push arrives twice
    id: toastIdOf(id),
    icon: <span className={`priority-dot priority-${priority}`} aria-hidden="true" />,
    duration: priority === 'high' ? announcementHighMs : announcementOtherMs,
    className: `announcement-toast priority-${priority}`,
  });
}

/**
 * The tab that created an announcement already says so ("Announcement created successfully");
 * its own push, which can arrive before the POST's answer, should not announce it again.
 */
export function withdrawAnnouncementToast(announcementId: string): void {
  toast.remove(toastIdOf(announcementId));
}

function toastIdOf(announcementId: string): string {
  return `announcement-${announcementId}`;
}

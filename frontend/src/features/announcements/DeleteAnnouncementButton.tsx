import type { AnnouncementView } from '@vip/contracts';
import { errorTexts, successTexts } from '@vip/contracts/plain';
import toast from 'react-hot-toast';
import { errorTextOf } from '../api/errorText.ts';
import { useDeleteAnnouncementMutation } from './announcementsApi.ts';

/** Spec §2: only admins see it; the card leaves every open list through the push. */
export function DeleteAnnouncementButton({ announcement }: { announcement: AnnouncementView }) {
  const [deleteAnnouncement, { isLoading }] = useDeleteAnnouncementMutation();

  async function handleClick() {
    try {
      await deleteAnnouncement(announcement.id).unwrap();
      toast.success(successTexts.announcementDeleted);
    } catch (failure) {
      toast.error(errorTextOf(failure, errorTexts.failedToDeleteAnnouncement));
    }
  }

  return (
    <button
      type="button"
      className="button button-danger button-small"
      onClick={handleClick}
      disabled={isLoading}
      aria-label={`Delete announcement: ${announcement.title}`}
    >
      {isLoading ? 'Deleting...' : 'Delete'}
    </button>
  );
}

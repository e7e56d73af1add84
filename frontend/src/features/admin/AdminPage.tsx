import type { AnnouncementView } from '@vip/contracts';
import { SignedInLayout } from '../../components/SignedInLayout.tsx';
import { AnnouncementsList } from '../announcements/AnnouncementsList.tsx';
import { CreateAnnouncementForm } from './CreateAnnouncementForm.tsx';
import { DeleteAnnouncementButton } from './DeleteAnnouncementButton.tsx';

const deleteButton = (announcement: AnnouncementView) => <DeleteAnnouncementButton announcement={announcement} />;

/** /admin: for now the announcement management part of the admin panel (spec §2). */
export default function AdminPage() {
  return (
    <SignedInLayout mode="admin">
      <div className="admin-grid">
        <CreateAnnouncementForm />
        <AnnouncementsList renderActions={deleteButton} />
      </div>
    </SignedInLayout>
  );
}

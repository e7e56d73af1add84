import { SignedInLayout } from '../../components/SignedInLayout.tsx';
import { AnnouncementsList } from '../announcements/AnnouncementsList.tsx';

/** /panel: for now the subscriber panel's announcements (spec §2); servers and greetings come later. */
export default function PanelPage() {
  return (
    <SignedInLayout mode="panel">
      <AnnouncementsList />
    </SignedInLayout>
  );
}

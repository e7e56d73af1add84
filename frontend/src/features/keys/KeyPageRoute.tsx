import { useParams } from 'react-router';
import { keyTexts } from '../../app/visitorTexts.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { KeyPage } from './KeyPage.tsx';

/** /key/:serverId: the key page for a server id (spec §2 does not show this route; this is the chosen one). */
export default function KeyPageRoute() {
  const { serverId = '' } = useParams();
  if (!serverId.trim()) return <NotFound reason={keyTexts.noServerId} />;
  return <KeyPage key={serverId} serverId={serverId} />;
}

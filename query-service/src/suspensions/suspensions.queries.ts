import { errorCodes, type SuspensionDocument, suspensionReadModels, suspensionTexts } from '@vip/contracts';
import { DomainError, type ReadStore } from '@vip/platform';

/** The server's suspension, if an admin suspended it (the suspensions read model). */
export function suspensionOf(readStore: ReadStore, guildId: string): Promise<SuspensionDocument | null> {
  return readStore.collection<SuspensionDocument>(suspensionReadModels.suspensions).findOne({ _id: guildId });
}

/** What a visitor of a suspended server's key page is answered: 403, the Restricted screen's words. */
export const serverSuspendedError = () =>
  new DomainError('forbidden', suspensionTexts.restricted, errorCodes.serverSuspended);

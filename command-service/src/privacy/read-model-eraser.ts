import {
  announcementReadModels,
  authReadModels,
  discordReadModels,
  erasedPerson,
  memberInReadModels,
} from '@vip/contracts';
import type { ReadStore } from '@vip/platform';

/**
 * Takes a Discord member out of every read model (contracts' memberInReadModels): their own
 * documents go, a fact about something else keeps standing with "erased person" in their place.
 * A linked panel user keeps their account, without the Discord avatar (its address names the
 * member's id), here and on the announcements they wrote.
 */
export async function eraseMemberFromReadModels(
  readStore: ReadStore,
  discordUserId: string,
  guildIds: readonly string[],
): Promise<void> {
  await forgetLinkedAvatars(readStore, discordUserId);
  for (const place of memberInReadModels) {
    const documents = readStore.collection(place.collection);
    switch (place.how) {
      case 'delete':
        await documents.deleteMany({ [place.field]: discordUserId });
        break;
      case 'delete-per-server':
        for (const guildId of guildIds) await documents.deleteOne({ _id: `${guildId}-${discordUserId}` });
        break;
      case 'replace':
        await documents.updateMany({ [place.field]: discordUserId }, { $set: { [place.field]: erasedPerson } });
        break;
      case 'pull':
        await documents.updateMany({ [place.field]: discordUserId }, { $pull: { [place.field]: discordUserId } });
        break;
    }
  }
}

async function forgetLinkedAvatars(readStore: ReadStore, discordUserId: string): Promise<void> {
  const users = readStore.collection<{ _id: string; avatar: string | null }>(authReadModels.users);
  const announcements = readStore.collection(announcementReadModels.announcements);
  for (const user of await users.find({ _id: { $in: await linkedUsers(readStore, discordUserId) } })) {
    if (!user.avatar?.includes(discordUserId)) continue;
    await users.updateOne({ _id: user._id }, { $set: { avatar: null } });
    await announcements.updateMany({ 'author.avatar': user.avatar }, { $set: { 'author.avatar': null } });
  }
}

async function linkedUsers(readStore: ReadStore, discordUserId: string): Promise<string[]> {
  const accounts = await readStore.collection(discordReadModels.discordAccounts).find({ discordUserId });
  return accounts.map((account) => account._id);
}

import { announcementReadModels, type DomainEvent } from '@vip/contracts';
import { expect } from 'chai';
import { announcementsProjector } from '../../src/read-models/announcements/announcements.projector.ts';
import { usersProjector } from '../../src/read-models/auth/users.projector.ts';
import { givenProjected, projectEvents, recorded } from '../support/projection-spec.ts';

const admin: DomainEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    username: 'admin',
    passwordHash: 'h',
    isAdmin: true,
    registeredAt: '2026-11-01T00:00:00.000Z',
    avatar: null,
  },
};
const post = (id: string, postedAt: string): DomainEvent => ({
  type: 'AnnouncementPosted',
  data: { announcementId: id, title: `T ${id}`, content: `C ${id}`, priority: 'low', authorId: 'u1', postedAt },
});

describe('announcements projection', () => {
  const projectors = [usersProjector, announcementsProjector];

  it('lists a posted announcement with its author', async () => {
    const store = await givenProjected(projectors, [admin, post('a1', '2026-11-22T10:00:00.000Z')]);
    expect(await store.collection(announcementReadModels.announcements).find({})).to.deep.equal([
      {
        _id: 'a1',
        title: 'T a1',
        content: 'C a1',
        priority: 'low',
        createdAt: '2026-11-22T10:00:00.000Z',
        authorId: 'u1',
        author: { username: 'admin', avatar: null },
      },
    ]);
  });

  it('removes a deleted announcement', async () => {
    const store = await givenProjected(projectors, [
      admin,
      post('a1', '2026-11-22T10:00:00.000Z'),
      post('a2', '2026-11-22T11:00:00.000Z'),
      { type: 'AnnouncementDeleted', data: { announcementId: 'a1', deletedAt: '2026-11-22T12:00:00.000Z' } },
    ]);
    const ids = (await store.collection(announcementReadModels.announcements).find({})).map((doc) => doc._id);
    expect(ids).to.deep.equal(['a2']);
  });

  it('gives the same read model when an event is delivered twice', async () => {
    const store = await givenProjected(projectors, [admin, post('a1', '2026-11-22T10:00:00.000Z')]);
    const before = await store.collection(announcementReadModels.announcements).find({});
    const [again] = recorded([post('a1', '2026-11-22T10:00:00.000Z')], 2);
    await projectEvents(store, [announcementsProjector], [again]);
    expect(await store.collection(announcementReadModels.announcements).find({})).to.deep.equal(before);
  });
});

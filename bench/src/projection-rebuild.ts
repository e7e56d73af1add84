// Rebuild speed of every read model over a log of announcement events (posts, with one in
// ten deleted again), embedded stores. Run: npx tsx bench/src/projection-rebuild.ts [count]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@vip/platform/event-store/sqlite-event-store.ts';
import { SqliteReadStore } from '@vip/platform/read-store/sqlite-read-store.ts';
import { allProjectors, rebuildReadModels } from '@vip/projections';

const count = Number(process.argv[2] ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'vip-bench-rebuild-'));
const events = new SqliteEventStore(join(dir, 'events.sqlite'));
const readModels = new SqliteReadStore(join(dir, 'read-models.sqlite'));
const metadata = { correlationId: 'bench', causationId: 'bench', actor: { kind: 'admin' as const, id: 'u1' } };

try {
  await events.append(
    'user-u1',
    [
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          username: 'admin',
          passwordHash: 'x',
          isAdmin: true,
          registeredAt: new Date().toISOString(),
        },
        metadata,
      },
    ],
    'no_stream',
  );
  const writeStarted = performance.now();
  for (let i = 1; i < count; i++) {
    const id = `a${i}`;
    const postedAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    if (i % 10 === 0) {
      // delete the announcement posted just before
      await events.append(
        `announcement-a${i - 1}`,
        [{ type: 'AnnouncementDeleted', data: { announcementId: `a${i - 1}`, deletedAt: postedAt }, metadata }],
        0,
      );
    } else {
      await events.append(
        `announcement-${id}`,
        [
          {
            type: 'AnnouncementPosted',
            data: {
              announcementId: id,
              title: `Title ${i}`,
              content: `Content of announcement ${i}`,
              priority: 'medium',
              authorId: 'u1',
              postedAt,
            },
            metadata,
          },
        ],
        'no_stream',
      );
    }
  }
  console.log(`wrote ${count} events in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`);

  const result = await rebuildReadModels(events, readModels, allProjectors);
  const remaining = await readModels.collection('announcements').countDocuments({});
  console.log(
    `rebuilt ${allProjectors.map((p) => p.name).join(', ')} from ${result.events} events in ${result.seconds.toFixed(2)} s: ${Math.round(result.events / result.seconds)} events/s (${remaining} announcements remain)`,
  );
} finally {
  await Promise.all([events.close(), readModels.close()]);
  rmSync(dir, { recursive: true, force: true });
}

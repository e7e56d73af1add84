import type { Binary, Db } from 'mongodb';
import { newDayKey, type VisitorDayKeys } from './visitor-day-keys.ts';

interface DayDocument {
  _id: string;
  key: Binary;
}

const COLLECTION = 'visitor_day_keys';

/**
 * The day keys as a collection beside `personal_keys` (MONGODB_URL set). A destroyed key's
 * document is deleted; MongoDB's storage reuses its space (`compact` frees it at once, as for
 * the persons' keys).
 */
export class MongoVisitorDayKeys implements VisitorDayKeys {
  readonly adapterName = 'mongodb';

  constructor(private readonly db: Db) {}

  private get days() {
    return this.db.collection<DayDocument>(COLLECTION);
  }

  async keyOf(day: string): Promise<Buffer> {
    // an upsert that only inserts: a racing process's key, made first, is kept
    await this.days.updateOne(
      { _id: day },
      { $setOnInsert: { key: newDayKey() as unknown as Binary } },
      { upsert: true },
    );
    return (await this.find(day))!;
  }

  async find(day: string): Promise<Buffer | null> {
    const document = await this.days.findOne({ _id: day });
    return document ? Buffer.from(document.key.buffer) : null;
  }

  async forgetBefore(day: string): Promise<number> {
    const { deletedCount } = await this.days.deleteMany({ _id: { $lt: day } });
    return deletedCount;
  }

  async close(): Promise<void> {}
}

import fs from 'node:fs';
import path from 'node:path';
import { embeddedFiles } from '@vip/platform';
import { backupPlan, copyStoreAtOneInstant } from '@vip/platform/backup/embedded-backup.ts';
import { RewriteRefused } from './rewrite-personal-data.ts';

/**
 * Makes the new DATA_DIR a rewrite writes its log into, beside the old one, which is left as it
 * is. It gets what the log does not rebuild: the secret files (the deployment's secret that the
 * sessions, key digests and snapshot signatures derive from) and the stores the log's events
 * point to (the persons' keys, and any store of that kind added later), each copied at one
 * instant. Not the log (rewritten into it), nor what is built from the log (the read models and
 * the snapshots: they hold the old ids in clear, and the product builds them again at its start),
 * nor the rate windows (they refill within minutes). Returns the files copied.
 */
export async function prepareNewDataDir(oldDir: string, newDir: string): Promise<string[]> {
  if (path.resolve(oldDir) === path.resolve(newDir))
    throw new RewriteRefused(
      'The new DATA_DIR is the old one: the rewrite writes into a new folder and leaves the old one as it is.',
    );
  if (fs.existsSync(newDir)) {
    if (!fs.statSync(newDir).isDirectory()) throw new RewriteRefused(`${newDir} is a file, not a folder`);
    if (fs.readdirSync(newDir).length > 0)
      throw new RewriteRefused(`${newDir} is not empty: the rewrite writes into a new or empty folder`);
  }
  if (!fs.existsSync(embeddedFiles(oldDir).events))
    throw new RewriteRefused(`${oldDir} holds no log (events.sqlite): is DATA_DIR right?`);
  const plan = backupPlan(oldDir);
  const known = embeddedFiles(oldDir);
  const fromLog = new Set(
    [known.events, known.readModels, known.snapshots, known.rateWindows].map((file) => path.basename(file)),
  );
  fs.mkdirSync(newDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(newDir, 0o700);
  const copied: string[] = [];
  for (const name of plan.secrets) {
    fs.copyFileSync(path.join(oldDir, name), path.join(newDir, name), fs.constants.COPYFILE_EXCL);
    fs.chmodSync(path.join(newDir, name), 0o600);
    copied.push(name);
  }
  for (const name of plan.stores.filter((store) => !fromLog.has(store))) {
    await copyStoreAtOneInstant(path.join(oldDir, name), path.join(newDir, name), () => undefined);
    copied.push(name);
  }
  return copied;
}

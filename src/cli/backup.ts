import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@vip/platform';
import { type BackupProgress, BackupRefused, backUpDataDir } from '@vip/platform/backup/embedded-backup.ts';

/**
 * npm run backup -- --out DIR
 * A copy of DATA_DIR's embedded stores and secret, taken while the product runs and writes;
 * `DATA_DIR=DIR npm start` restores it (docs/operations.md).
 */
const usage = 'Usage: npm run backup -- --out NEW_FOLDER';
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  process.stderr.write(`--out is required: the folder the copy goes into (new or empty)\n${usage}\n`);
  process.exit(2);
}

const config = loadConfig();
if (config.eventStoreUrl || config.mongodbUrl) {
  process.stderr.write(
    'EVENTSTORE_URL or MONGODB_URL is set: this command copies the embedded stores only. Back up EventStoreDB, MongoDB and the secret as docs/operations.md says.\n',
  );
  process.exit(2);
}

const out = path.resolve(values.out);
// a line that rewrites itself on a terminal; nothing but the summary when the output is kept
const showProgress = process.stderr.isTTY === true;
const progress = ({ file, index, count, copiedPages, totalPages }: BackupProgress) => {
  if (!showProgress) return;
  const percent = totalPages === 0 ? 100 : Math.floor((copiedPages / totalPages) * 100);
  process.stderr.write(`\r\x1b[2K  backing up ${index}/${count} ${file} ${percent}%`);
};

try {
  const started = new Date();
  const files = await backUpDataDir(config.dataDir, out, progress);
  if (showProgress) process.stderr.write('\r\x1b[2K');
  process.stdout.write(
    `Backed up ${config.dataDir} into ${out} (every write acknowledged before ${started.toISOString()})\n`,
  );
  for (const { file, bytes } of files) process.stdout.write(`  ${file}  ${bytes} bytes\n`);
  if (!config.jwtSecret && !files.some(({ file }) => file === 'jwt-secret'))
    process.stdout.write(
      '  DATA_DIR holds no jwt-secret yet: the product makes it at its first start; back up again after that.\n',
    );
  if (config.jwtSecret)
    process.stdout.write(
      '  The secret is JWT_SECRET in this environment, not a file: keep it with the backup, it cannot be made again.\n',
    );
  process.stdout.write(`Restore: stop the product, then start it with DATA_DIR=${out}\n`);
} catch (error) {
  if (showProgress) process.stderr.write('\n');
  process.stderr.write(`${error instanceof BackupRefused ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

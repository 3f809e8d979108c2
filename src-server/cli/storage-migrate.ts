/**
 * `npm run storage:migrate` (issue 29; docs/operations.md, "File storage"): copies every file kept in
 * DATA_DIR (uploads/ and private/: venture images, identity documents, evidence, balance proofs) into
 * the bucket of STORAGE_URL, checks each by its SHA-256 read back from the bucket, and prints the
 * counts. It can be run again at any time: files already in the bucket with the same checksum are
 * not copied again. Identity documents are copied as they are on disk, i.e. still encrypted.
 */
import { loadConfig } from '../config';
import { createStorage, LocalStorage } from '../lib/storage';
import { migrateStorage } from '../lib/storage/migrate';
import { runCli } from './database';

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const unknown = args.filter((a) => a !== '--verbose');
  if (unknown.length) {
    console.error(`Unknown argument ${unknown[0]}.\nUsage: npm run storage:migrate [-- --verbose]`);
    return 2;
  }
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    console.error(
      'STORAGE_URL is not set: the files already live in DATA_DIR. Set STORAGE_URL and the S3_* variables of the bucket to copy them there (docs/operations.md, "File storage").',
    );
    return 2;
  }
  const source = new LocalStorage(config.dataDir);
  const target = createStorage(config);
  const started = performance.now();
  try {
    console.log(`Copying the files of ${source.location} (uploads/, private/) into ${target.location} …`);
    const counts = await migrateStorage(source, target, { onFile: verbose ? console.log : undefined });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const mib = (counts.copiedBytes / 1024 / 1024).toFixed(1);
    if (counts.copied === 0 && counts.failed === 0)
      console.log(
        `Nothing to copy: all ${counts.found} files are already in the bucket, each verified by its SHA-256 (${seconds} s).`,
      );
    else
      console.log(
        `${counts.found} files found: ${counts.copied} copied (${mib} MiB) and verified by SHA-256, ${counts.alreadyThere} already in the bucket, ${counts.failed} failed (${seconds} s).`,
      );
    if (counts.failed > 0) {
      console.error(`${counts.failed} files differ in the bucket after copying: run the command again.`);
      return 1;
    }
    return 0;
  } finally {
    await target.close();
  }
}

runCli(run, 'The copy into the bucket failed');

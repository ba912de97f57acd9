import { databaseLocation, loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { PRIVATE_UMASK } from './lib/private-files.ts';

/**
 * `npm run migrate -w apps/server` (or `node apps/server/dist/migrate.mjs`): brings the database
 * up to date and exits, as a release step before new processes start. Servers migrate at start
 * too (under an advisory lock, so several starting at once migrate once); this runs it alone.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  process.umask(PRIVATE_UMASK);
  const database = await openDatabase(databaseLocation(config));
  await database.close();
  process.stdout.write(`migrate: the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is up to date\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
